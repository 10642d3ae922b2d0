import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `Decoder` that ``JSONValueDecoder`` hands to `Decodable` types.
///
/// One instance serves a whole `decode` call. Decoding a nested value pushes the value and its key onto two stacks,
/// calls the type's `init(from:)` with this same decoder and pops them afterwards, so a nested value allocates
/// nothing of its own; only the containers, which the standard library boxes, allocate. A container remembers the
/// depth it was made at, and its coding path is the prefix of the path stack up to that depth, built only when
/// asked for.
///
/// A container used after the `init(from:)` that made it has returned (which no well-behaved type does) no longer
/// has its value on top of the stack; it then decodes through a detached instance, so results stay correct, though
/// the coding paths in its errors may not be.
final class JSONValueDecoderState: Decoder, JSONCodingState {
    /// The decoder whose strategies and user info apply.
    let configuration: JSONValueDecoder

    // Safety: the two stacks skip the runtime's exclusivity checks, which cost about a sixth of decoding time.
    // Every access is instantaneous (an append, a removeLast, a read) and none spans a call into other code, so
    // accesses cannot overlap; an instance is used by one decode call on one thread.

    /// The value being decoded and the values it is nested in; never empty.
    @exclusivity(unchecked) private var values: [JSONValue]

    /// The keys and indices leading from the root value to the value being coded; `depth` is one less than the
    /// number of values.
    @exclusivity(unchecked) private(set) var path: JSONCodingPath

    init(value: JSONValue, configuration: JSONValueDecoder, basePath: [any CodingKey] = []) {
        self.configuration = configuration
        self.path = JSONCodingPath(base: basePath)
        self.values = [value]
    }

    /// The value being decoded.
    var currentValue: JSONValue { values[values.count - 1] }

    lazy var userInfo: [CodingUserInfoKey: Any] = configuration.userInfo

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = currentValue else {
            throw JSONCodingErrors.typeMismatch(
                [String: Any].self, expected: "object", found: currentValue, codingPath: codingPath)
        }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer(state: self, object: object, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = currentValue else {
            throw JSONCodingErrors.typeMismatch(
                [Any].self, expected: "array", found: currentValue, codingPath: codingPath)
        }
        return JSONUnkeyedDecodingContainer(state: self, elements: elements, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Decoding values

    /// Decodes `value`, found at `component` inside a container made at `depth`, as `T`.
    func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        at component: JSONCodingPathComponent,
        depth: Int
    ) throws -> T {
        guard depth == path.depth else {
            return try detached(value: value, at: component, depth: depth).decodeCurrentValue(as: type)
        }
        values.append(value)
        path.push(component)
        defer {
            values.removeLast()
            path.pop()
        }
        return try decodeCurrentValue(as: type)
    }

    /// Decodes a scalar found at `component` inside a container made at `depth`.
    func decodeScalar<T: JSONScalar>(
        _ type: T.Type,
        from value: JSONValue,
        at component: @autoclosure () -> JSONCodingPathComponent,
        depth: Int
    ) throws -> T {
        do {
            return try T(decodingJSONValue: value)
        } catch {
            throw error.decodingError(for: type, codingPath: codingPath(depth: depth, appending: component()))
        }
    }

    /// A decoder of its own for `value`, for nested containers and super decoders.
    func detached(value: JSONValue, at component: JSONCodingPathComponent, depth: Int) -> JSONValueDecoderState {
        JSONValueDecoderState(
            value: value, configuration: configuration,
            basePath: codingPath(depth: depth, appending: component))
    }

    /// Decodes the current value as `T`, handling the types whose JSON form differs from their `Codable` form.
    func decodeCurrentValue<T: Decodable>(as type: T.Type) throws -> T {
        if T.self == JSONValue.self { return currentValue as! T }
        if T.self == Date.self { return try decodeDate() as! T }
        if T.self == Data.self { return try decodeData() as! T }
        if T.self == URL.self { return try decodeURL() as! T }
        if T.self == Decimal.self { return try decodeDecimal() as! T }
        // Only a JSON array can take the array path: asking every type whether it is an array would cost a
        // conformance lookup per object decoded.
        if case .array = currentValue, let arrayType = T.self as? any JSONArrayDecodable.Type {
            return try arrayType.init(decodingElementsWith: self) as! T
        }
        // Dictionaries with string keys decode the same way as any keyed type unless keys are converted; their keys
        // are data and must not be.
        if case .convertFromSnakeCase = configuration.keyDecodingStrategy,
            let dictionaryType = T.self as? any JSONStringKeyedDictionaryDecodable.Type
        {
            return try dictionaryType.init(decodingMembersWith: self) as! T
        }
        return try T(from: self)
    }
}
