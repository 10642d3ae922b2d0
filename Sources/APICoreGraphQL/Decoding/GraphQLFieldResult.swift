/// How a field's errors reach the app, as the operation asked with the nullability directives (`@catch`,
/// `@catchByDefault`; see "Semantic nullability" in the code generation guide).
///
/// A position (level 0 for the field's own value, 1 for the elements of a list, and so on) that may hold `null` catches
/// an error by default: the position is `null`, as GraphQL says. Two other ways are recorded here:
/// - **throw** (`CatchTo.THROW`): an error at the position, or one that reached it from below, goes on up to the
///   nearest position that catches it; when none does, the whole read fails with the error and its path.
/// - **result** (`CatchTo.RESULT`, the field's own value only): the field is a ``GraphQLFieldResult``, either its value
///   or the error that took its place.
public struct GraphQLErrorCatching: Sendable {
    /// The levels at which an error is thrown up, as bits (bit 0 for the field's own value).
    public let throwingLevels: UInt64
    /// Whether the field's value is a ``GraphQLFieldResult``.
    public let isResult: Bool

    /// Errors thrown up at `levels`; a field that is a ``GraphQLFieldResult`` when `isResult`.
    public init(throwing levels: [Int] = [], isResult: Bool = false) {
        var bits: UInt64 = 0
        for level in levels where (0..<64).contains(level) { bits |= 1 << UInt64(level) }
        throwingLevels = bits
        self.isResult = isResult
    }

    /// Errors thrown up at `levels`.
    public static func throwing(_ levels: [Int]) -> GraphQLErrorCatching {
        GraphQLErrorCatching(throwing: levels)
    }

    /// A field whose value is its ``GraphQLFieldResult``.
    public static let result = GraphQLErrorCatching(isResult: true)

    /// Whether an error at `level` is thrown up rather than caught there.
    public func throwsErrors(atLevel level: Int) -> Bool {
        level < 64 && throwingLevels & (1 << UInt64(level)) != 0
    }

    /// The key, beside a result field's own in its object, under which a caught error is kept in checked data:
    /// `email` holds `null` and `email@error` the error. No response key can contain `@`.
    public static func errorKey(of responseKey: String) -> String {
        responseKey + "@error"
    }
}

/// The value of a field selected with `@catch(to: RESULT)`: its data, or the error the server reported in its place
/// (also an error that came up from a non-null field below it).
///
/// A field the schema marks `@semanticNonNull` has a non-optional `Value`: it is `null` only with an error, which is
/// then the ``error(_:)`` case.
public enum GraphQLFieldResult<Value: GraphQLOutputValue>: Sendable {
    /// The field's value.
    case value(Value)
    /// The error that took the field's place.
    case error(GraphQLError)

    /// The value, or `nil` when the field failed.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The error, or `nil` when the field has its value.
    public var error: GraphQLError? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// The value, or the field's error thrown.
    public func get() throws(GraphQLError) -> Value {
        switch self {
        case .value(let value): return value
        case .error(let error): throw error
        }
    }
}

extension GraphQLFieldResult: Equatable where Value: Equatable {}
extension GraphQLFieldResult: Hashable where Value: Hashable {}

extension GraphQLFieldResult {
    /// Stores the result in a response object under `responseKey`, as checked data holds it: the value's JSON, or
    /// `null` with the error beside it.
    public func __store(in object: inout JSONObject, at responseKey: String) {
        switch self {
        case .value(let value):
            object[responseKey] = value.__outputJSON
        case .error(let error):
            object[responseKey] = .null
            object[GraphQLErrorCatching.errorKey(of: responseKey)] = error.jsonValue
        }
    }
}

extension GraphQLSelectionSet {
    /// Reads a field selected with `@catch(to: RESULT)`: the error kept beside it when it failed, else its value.
    public func __fieldResult<Value: GraphQLOutputValue>(_ responseKey: String) -> GraphQLFieldResult<Value> {
        let value = __object.data[responseKey] ?? .null
        if case .null = value, let error = __object.data[GraphQLErrorCatching.errorKey(of: responseKey)] {
            return .error(GraphQLError(json: error))
        }
        return .value(Value.__decodeChecked(value, variables: __object.variables))
    }

    /// Reads a field selected with `@catch(to: RESULT)` under `@include`/`@skip`: `nil` when the conditions leave it
    /// out, or when the data (built with the initializer) has none.
    public func __fieldResult<Value: GraphQLOutputValue>(
        _ responseKey: String, if conditions: GraphQLConditions
    ) -> GraphQLFieldResult<Value>? {
        guard conditions.evaluate(with: __object.variables), __object.data[responseKey] != nil else { return nil }
        return __fieldResult(responseKey) as GraphQLFieldResult<Value>
    }
}
