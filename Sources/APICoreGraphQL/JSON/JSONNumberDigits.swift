/// The exact value of a JSON number's text: its sign, its significant digits and a power of ten.
///
/// Texts of the same value have equal digits (`1e20`, `100000000000000000000` and `1.0E+20`). Decoding reads an
/// integer scalar kept as text with it; `APICoreJSON`'s reader also compares the text's digits with those of a
/// double's shortest description, to tell whether the `Double` holds the number as written.
@usableFromInline
package struct JSONNumberDigits {
    /// Whether the text starts with a minus sign (kept for zero as well, as `-0.0` keeps it).
    @usableFromInline package var isNegative: Bool
    /// The significant digits as ASCII, without leading or trailing zeros; empty for zero.
    @usableFromInline package var digits: [UInt8]
    /// The power of ten that the digits, read as an integer, are multiplied by; 0 for zero.
    @usableFromInline package var exponent: Int

    /// Reads the whole of `text` by the strict JSON number grammar; `nil` for anything else.
    @usableFromInline package init?(_ text: String) {
        var text = text
        guard let number = text.withUTF8({ Self($0) }) else { return nil }
        self = number
    }

    /// Reads the whole of `text` by the strict JSON number grammar (`-`, an integer part without leading zeros, an
    /// optional fraction and an optional exponent); `nil` for anything else.
    package init?(_ text: UnsafeBufferPointer<UInt8>) {
        var bytes = text.makeIterator()
        var byte = bytes.next()
        let isNegative = byte == UInt8(ascii: "-")
        if isNegative { byte = bytes.next() }
        var digits: [UInt8] = []
        var trailingZeros = 0
        // Appends a digit of the integer or fraction part, leaving out leading zeros and holding back trailing ones.
        func append(_ digit: UInt8) {
            if digit == UInt8(ascii: "0") {
                if !digits.isEmpty { trailingZeros += 1 }
                return
            }
            digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: trailingZeros))
            trailingZeros = 0
            digits.append(digit)
        }

        guard let first = byte, Self.isDigit(first) else { return nil }
        byte = bytes.next()
        if first == UInt8(ascii: "0") {
            if let next = byte, Self.isDigit(next) { return nil }
        } else {
            append(first)
            while let digit = byte, Self.isDigit(digit) {
                append(digit)
                byte = bytes.next()
            }
        }

        var fractionDigitCount = 0
        if byte == UInt8(ascii: ".") {
            byte = bytes.next()
            while let digit = byte, Self.isDigit(digit) {
                append(digit)
                fractionDigitCount += 1
                byte = bytes.next()
            }
            guard fractionDigitCount > 0 else { return nil }
        }

        var writtenExponent = 0
        if let marker = byte, marker | 0x20 == UInt8(ascii: "e") {
            byte = bytes.next()
            let isNegativeExponent = byte == UInt8(ascii: "-")
            if isNegativeExponent || byte == UInt8(ascii: "+") { byte = bytes.next() }
            var exponentDigitCount = 0
            while let digit = byte, Self.isDigit(digit) {
                // Past this bound no double is finite or nonzero; stop growing to avoid overflow.
                if writtenExponent < 1_000_000_000 {
                    writtenExponent = writtenExponent * 10 + Int(digit - UInt8(ascii: "0"))
                }
                exponentDigitCount += 1
                byte = bytes.next()
            }
            guard exponentDigitCount > 0 else { return nil }
            if isNegativeExponent { writtenExponent = -writtenExponent }
        }
        guard byte == nil else { return nil }
        self.isNegative = isNegative
        self.digits = digits
        exponent = digits.isEmpty ? 0 : writtenExponent - fractionDigitCount + trailingZeros
    }

    /// Whether the value is an integer: zero, or digits with no power of ten below one.
    @usableFromInline package var isIntegral: Bool { exponent >= 0 }

    /// Why a number is not an integer of a given type.
    @usableFromInline package enum IntegerFailure: Error {
        /// The value has a fraction.
        case notIntegral
        /// The value is an integer the type cannot hold.
        case outOfRange
    }

    /// The value as an integer of type `T`; throws ``IntegerFailure/notIntegral`` for a value with a fraction and
    /// ``IntegerFailure/outOfRange`` for an integer that `T` cannot hold.
    @_alwaysEmitIntoClient
    package func integer<T: FixedWidthInteger>(as type: T.Type) throws(IntegerFailure) -> T {
        guard isIntegral else { throw .notIntegral }
        // No integer type has more than 39 digits; longer values are out of range without counting.
        guard digits.count + exponent <= 40 else { throw .outOfRange }
        var value: T = 0
        for digit in digits + repeatElement(UInt8(ascii: "0"), count: exponent) {
            let tenfold = value.multipliedReportingOverflow(by: 10)
            let unit = T(digit - UInt8(ascii: "0"))
            let shifted = tenfold.partialValue
            let next =
                isNegative ? shifted.subtractingReportingOverflow(unit) : shifted.addingReportingOverflow(unit)
            guard !tenfold.overflow, !next.overflow else { throw .outOfRange }
            value = next.partialValue
        }
        return value
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
