import APICoreGraphQL

extension JSONWriter {
    /// Appends `string` in quotes, escaping what JSON requires and leaving other characters as UTF-8.
    func appendString(_ string: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        let appended: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscaped(bytes, to: &buffer)
            return true
        }
        if appended == nil {
            Array(string.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &buffer) }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes`, copying runs that need no escaping in one piece.
    private func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let escapesSlashes = options.escapesSlashes
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            let needsEscape =
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (escapesSlashes && byte == UInt8(ascii: "/"))
            guard needsEscape else { continue }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            buffer.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
            case 0x08: buffer.append(UInt8(ascii: "b"))
            case 0x0C: buffer.append(UInt8(ascii: "f"))
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                appendASCII("u00", to: &buffer)
                buffer.append(hexDigits.utf8Start[Int(byte >> 4)])
                buffer.append(hexDigits.utf8Start[Int(byte & 0xF)])
            }
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends the decimal digits of `integer`.
    func appendInteger(_ integer: Int64, to buffer: inout [UInt8]) {
        if integer < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        // UInt64.max has 20 digits; write them backwards into a small buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            buffer.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends the shortest text that reads back to `double`, or `null` when it is not finite.
    func appendDouble(_ double: Double, to buffer: inout [UInt8]) {
        guard double.isFinite else { return appendASCII("null", to: &buffer) }
        let text = double.description
        buffer.append(contentsOf: text.utf8)
        // `description` already writes `1.0` and `1e+16`; make sure no integral double can pass for an integer.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
            appendASCII(".0", to: &buffer)
        }
    }

    /// Appends the text of a number kept as written; a text that is not a JSON number is a programming error, since
    /// it would make the output something no reader accepts.
    func appendNumberText(_ text: String, to buffer: inout [UInt8]) {
        precondition(JSONValue.isNumberText(text), "JSONValue.numberText holds text that is not a JSON number")
        buffer.append(contentsOf: text.utf8)
    }
}
