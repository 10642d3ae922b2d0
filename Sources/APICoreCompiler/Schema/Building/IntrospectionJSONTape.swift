import Foundation

/// An introspection JSON document read in one pass into a flat list of entries (a tape), without building
/// dictionaries: the builder's fast path.
///
/// It reads only a strict subset of what `JSONSerialization` reads, so that whatever it reads has the same meaning
/// there: UTF-8 without a byte-order mark, an object at the top, keys without escapes or non-ASCII bytes, plain
/// numbers of at most 15 characters without an exponent, nesting at most 64 deep, strings of valid UTF-8 whose
/// `\u` escapes pair their surrogates. Anything else makes the initializer fail, and the builder reads the document
/// with `JSONSerialization` instead.
///
/// Entries are in document order. A container is followed by its contents (for an object, each key's string entry
/// then its value), and every entry records the index just past its contents, so that siblings are one step apart.
final class IntrospectionJSONTape: Sendable {
    /// What an entry is.
    enum Kind: UInt8 {
        case object
        case array
        /// A string without escapes: its bytes are its value.
        case string
        /// A string with escape sequences, decoded when read.
        case escapedString
        case number
        case `true`
        case `false`
        case null
    }

    /// One value (or key) of the document.
    struct Entry {
        let kind: Kind
        /// For strings, the offset of the first byte after the opening quote; else where the value starts.
        let start: UInt32
        /// For strings, the offset of the closing quote; else where the value ends (for containers, unset).
        let end: UInt32
        /// The index of the entry after this one's contents.
        var next: UInt32
    }

    /// The document's bytes, followed by a 0 sentinel.
    let bytes: [UInt8]
    let entries: [Entry]

    /// Reads `data`, or fails when it is outside the subset this reader accepts.
    init?(_ data: Data) {
        // Offsets and indexes are stored in 32 bits.
        guard data.count < Int(UInt32.max / 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 1)
        bytes.append(contentsOf: data)
        bytes.append(0)
        let entries = bytes.withUnsafeBufferPointer { buffer -> [Entry]? in
            var reader = IntrospectionJSONTapeReader(bytes: buffer.baseAddress!, count: data.count)
            return reader.readDocument() ? reader.entries : nil
        }
        guard let entries else { return nil }
        self.bytes = bytes
        self.entries = entries
    }

    /// The top-level object.
    var root: IntrospectionJSONTapeNode {
        IntrospectionJSONTapeNode(tape: self, index: 0)
    }

    /// Whether the key entry at `index` is `key`.
    @inline(__always)
    func key(at index: Int, is key: StaticString) -> Bool {
        let entry = entries[index]
        let count = key.utf8CodeUnitCount
        guard Int(entry.end) - Int(entry.start) == count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + Int(entry.start), key.utf8Start, count) == 0
        }
    }

    /// The value of the string entry at `index`.
    func string(at index: Int) -> String {
        let entry = entries[index]
        let (start, end) = (Int(entry.start), Int(entry.end))
        return bytes.withUnsafeBufferPointer { buffer in
            guard entry.kind == .escapedString else {
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            }
            return Self.decodeEscaped(buffer, from: start, to: end)
        }
    }

    /// The value of a string with escape sequences, which the reader has validated.
    private static func decodeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        var runStart = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var value = IntrospectionJSONTapeReader.hex4(bytes.baseAddress! + index) ?? 0
                index += 4
                if (0xD800...0xDBFF).contains(value) {
                    let trailing = IntrospectionJSONTapeReader.hex4(bytes.baseAddress! + index + 2) ?? 0xDC00
                    value = 0x10000 + (value - 0xD800) << 10 + (trailing - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
            default: output.append(escaped)
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
        return String(decoding: output, as: UTF8.self)
    }
}
