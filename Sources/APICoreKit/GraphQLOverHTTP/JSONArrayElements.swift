import Foundation

/// The byte ranges of the elements of a JSON array, found without parsing them: a batch's answer is split into one
/// body per operation exactly as the server wrote each (numbers, escapes and key order untouched), and each body is
/// then read, and its errors reported, as a single response's would be.
enum JSONArrayElements {
    /// The ranges of the top-level array's elements in `bytes`, whitespace around them excluded; `nil` when `bytes`
    /// is not a JSON array (an object, a scalar, text that is not JSON, or an array cut short). Strings are followed
    /// through their escapes and brackets are balanced; anything else inside an element is left to the element's
    /// reader.
    static func ranges(in bytes: Data) -> [Range<Int>]? {
        bytes.withUnsafeBytes { buffer -> [Range<Int>]? in
            var index = skippingWhitespace(buffer, from: 0)
            guard index < buffer.count, buffer[index] == UInt8(ascii: "[") else { return nil }
            index = skippingWhitespace(buffer, from: index + 1)
            guard index < buffer.count else { return nil }
            var ranges: [Range<Int>] = []
            if buffer[index] == UInt8(ascii: "]") {
                return skippingWhitespace(buffer, from: index + 1) == buffer.count ? [] : nil
            }
            while true {
                guard index < buffer.count, let end = endOfValue(buffer, from: index), end > index else { return nil }
                ranges.append(index..<end)
                index = skippingWhitespace(buffer, from: end)
                guard index < buffer.count else { return nil }
                switch buffer[index] {
                case UInt8(ascii: ","):
                    index = skippingWhitespace(buffer, from: index + 1)
                case UInt8(ascii: "]"):
                    return skippingWhitespace(buffer, from: index + 1) == buffer.count ? ranges : nil
                default:
                    return nil
                }
            }
        }
    }

    /// The index just past the value that starts at `start`: past its closing quote or bracket, or at the byte
    /// that ends a scalar (whitespace, a comma, a bracket). `nil` when the value is cut short or its brackets do not
    /// match.
    private static func endOfValue(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        switch buffer[start] {
        case UInt8(ascii: "\""):
            return endOfString(buffer, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return endOfContainer(buffer, from: start)
        default:
            var index = start
            while index < buffer.count, !endsScalar(buffer[index]) { index += 1 }
            return index
        }
    }

    /// The index just past the bracket that closes the object or array opening at `start`.
    private static func endOfContainer(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var closing: [UInt8] = []
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let end = endOfString(buffer, from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "{"):
                closing.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                closing.append(UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closing.last == byte else { return nil }
                closing.removeLast()
                if closing.isEmpty { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"")
    }

    /// The index just past the closing quote of the string whose opening quote is at `start`.
    private static func endOfString(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start + 1
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    private static func skippingWhitespace(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < buffer.count, isWhitespace(buffer[index]) { index += 1 }
        return index
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
