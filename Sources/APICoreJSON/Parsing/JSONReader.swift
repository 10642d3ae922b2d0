import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads JSON text (RFC 8259) into a `JSONValue`.
///
/// The reader works on the UTF-8 bytes directly and is strict: it rejects invalid UTF-8, unescaped control
/// characters, lone UTF-16 surrogates in `\u` escapes, numbers outside the JSON grammar (`01`, `+1`, `.5`, `1.`,
/// `NaN`) and anything but whitespace after the value. Every rejection is a ``JSONParseError`` with the byte offset of
/// the problem.
///
/// Integers that fit in `Int64` are read exactly as `JSONValue.int(_:)`; other numbers are
/// `JSONValue.double(_:)`, correctly rounded. When an object repeats a member name, the last value wins, as with
/// `JSONSerialization`. Nesting is tracked on the heap, so even a deep input cannot overflow the caller's stack.
///
/// ```swift
/// let value = try JSONReader().read(responseBody)
/// let name = value["data"]?["viewer"]?["login"]?.stringValue
/// ```
public struct JSONReader: Sendable {
    /// Limits that the reader enforces.
    public struct Options: Sendable, Hashable {
        /// How deeply arrays and objects may nest; a document's top-level array or object is at depth 1.
        public var maximumDepth: Int

        /// Options with the given depth limit, 512 unless told otherwise.
        public init(maximumDepth: Int = 512) {
            precondition(maximumDepth >= 0, "maximumDepth must not be negative")
            self.maximumDepth = maximumDepth
        }
    }

    /// The limits this reader enforces.
    public var options: Options

    /// A reader with the given options.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads the JSON value that `bytes` hold as UTF-8.
    public func read(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        let maximumDepth = options.maximumDepth
        return try bytes.withMemoryRebound(to: UInt8.self) { buffer in
            Result { () throws(JSONParseError) in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    throw JSONParseError(offset: 0, reason: .emptyInput, expectation: .value)
                }
                var parser = JSONParser(base: base, count: buffer.count, maximumDepth: maximumDepth)
                return try parser.parseDocument()
            }
        }.get()
    }

    /// Reads the JSON value that `bytes` hold as UTF-8.
    public func read(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try read(buffer) } }.get()
    }

    /// Reads the JSON value that `data` holds as UTF-8.
    public func read(_ data: Data) throws(JSONParseError) -> JSONValue {
        try data.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try read(buffer) } }.get()
    }

    /// Reads the JSON value that `string` holds.
    public func read(_ string: String) throws(JSONParseError) -> JSONValue {
        var string = string
        return try string.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try read(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }
}
