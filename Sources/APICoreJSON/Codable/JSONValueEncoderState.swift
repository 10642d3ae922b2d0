import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `Encoder` that ``JSONValueEncoder`` hands to `Encodable` values.
///
/// Like ``JSONValueDecoderState``, one instance serves a whole `encode` call: encoding a nested value pushes a frame
/// for its result and its key onto two stacks, calls the value's `encode(to:)` with this same encoder, then pops
/// the frame and returns the finished `JSONValue`. Containers remember the depth they were made at.
///
/// Nested containers and super encoders can be filled in after the call that made them, so they get an instance of
/// their own and their parent keeps a reference to them until it is finished.
final class JSONValueEncoderState: Encoder, JSONCodingState {
    /// The encoder whose strategies and user info apply.
    let configuration: JSONValueEncoder

    // Safety: as in `JSONValueDecoderState`, the two stacks skip the runtime's exclusivity checks. Every access is
    // instantaneous and none spans a call into other code; an instance is used by one encode call on one thread.

    /// What the value being encoded and the values it is nested in have produced so far; never empty.
    @exclusivity(unchecked) private var frames: [JSONPendingValue?] = [nil]

    /// The keys and indices leading from the root value to the value being coded; `depth` is one less than the
    /// number of frames.
    @exclusivity(unchecked) private(set) var path: JSONCodingPath

    init(configuration: JSONValueEncoder, basePath: [any CodingKey] = []) {
        self.configuration = configuration
        self.path = JSONCodingPath(base: basePath)
    }

    lazy var userInfo: [CodingUserInfoKey: Any] = configuration.userInfo

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONPendingObject = currentContainer(kind: "keyed") { frame in
            guard case .object(let object) = frame else { return nil }
            return object
        } make: {
            let object = JSONPendingObject()
            return (object, .object(object))
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer(state: self, object: object, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONPendingArray = currentContainer(kind: "unkeyed") { frame in
            guard case .array(let array) = frame else { return nil }
            return array
        } make: {
            let array = JSONPendingArray()
            return (array, .array(array))
        }
        return JSONUnkeyedEncodingContainer(state: self, array: array, depth: depth)
    }

    /// The container the current frame holds (`existing` reads it; a container of another kind, or a single value,
    /// is a misuse), or a new one from `make` stored in the frame when it is empty.
    private func currentContainer<Container>(
        kind: String,
        existing: (JSONPendingValue) -> Container?,
        make: () -> (Container, JSONPendingValue)
    ) -> Container {
        guard let frame = frames[frames.count - 1] else {
            let (container, value) = make()
            frames[frames.count - 1] = value
            return container
        }
        guard let container = existing(frame) else {
            preconditionFailure("A \(kind) container was asked for after another kind of value was encoded.")
        }
        return container
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - Encoding values

    /// Encodes `value`, found at `component` inside a container made at `depth`; a value that encodes nothing
    /// becomes an empty object, as in Foundation.
    func encode<T: Encodable>(_ value: T, at component: JSONCodingPathComponent, depth: Int) throws -> JSONValue {
        guard depth == path.depth else {
            return try detached(at: component, depth: depth).encodeCurrentValue(of: value) ?? .object(JSONObject())
        }
        path.push(component)
        frames.append(nil)
        defer {
            path.pop()
            frames.removeLast()
        }
        return try encodeCurrentValue(of: value) ?? .object(JSONObject())
    }

    /// Encodes a scalar found at `component` inside a container made at `depth`.
    func encodeScalar<T: JSONScalar>(
        _ value: T,
        at component: @autoclosure () -> JSONCodingPathComponent,
        depth: Int
    ) throws -> JSONValue {
        do {
            return try value.encodedJSONValue()
        } catch {
            throw error.encodingError(value: value, codingPath: codingPath(depth: depth, appending: component()))
        }
    }

    /// An encoder of its own for a value at `component`, for nested containers and super encoders.
    func detached(at component: JSONCodingPathComponent, depth: Int) -> JSONValueEncoderState {
        JSONValueEncoderState(configuration: configuration, basePath: codingPath(depth: depth, appending: component))
    }

    /// Encodes `value` into the top frame and returns the result, or `nil` when the value encoded nothing.
    func encodeCurrentValue<T: Encodable>(of value: T) throws -> JSONValue? {
        if let encoded = try directlyEncoded(value) { return encoded }
        try value.encode(to: self)
        let frame = frames[frames.count - 1]
        return frame?.resolved()
    }

    /// Sets the value of the top frame, for single-value encoding.
    ///
    /// - Precondition: nothing has been encoded at this level yet.
    func encodeCurrentValue(_ value: JSONValue) {
        precondition(isCurrentFrameEmpty, "A single value was encoded after another value at the same coding path.")
        frames[frames.count - 1] = .value(value)
    }

    /// Whether nothing has been encoded at the current level yet.
    var isCurrentFrameEmpty: Bool { frames[frames.count - 1] == nil }

    /// The value this instance's root has produced; an empty object when nothing was encoded, as in Foundation.
    func resolvedRootValue() -> JSONValue {
        let root = frames[0]
        return root?.resolved() ?? .object(JSONObject())
    }

    /// The JSON value for the types whose JSON form differs from their `Codable` form, or `nil` for other types.
    func directlyEncoded<T: Encodable>(_ value: T) throws -> JSONValue? {
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == JSONObject.self { return .object(value as! JSONObject) }
        if T.self == Date.self { return try encodeDate(value as! Date) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Decimal.self { return try encodeDecimal(value as! Decimal) }
        if case .convertToSnakeCase = configuration.keyEncodingStrategy,
            let dictionary = value as? any JSONStringKeyedDictionaryEncodable
        {
            return try dictionary.encodeMembers(with: self)
        }
        return nil
    }
}
