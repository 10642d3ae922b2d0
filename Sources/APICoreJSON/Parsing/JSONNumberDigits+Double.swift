import APICoreGraphQL

extension JSONNumberDigits {
    /// Whether the two texts spell the same number.
    package func hasValue(of other: JSONNumberDigits) -> Bool {
        isNegative == other.isNegative && exponent == other.exponent && digits == other.digits
    }

    /// Whether `double`'s shortest description has the digits of `text`, so that ``JSONValue/double(_:)`` holds the
    /// number as written; `false` for a text that is not a JSON number or a double that is not finite.
    package static func double(_ double: Double, holds text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard double.isFinite, let written = JSONNumberDigits(text) else { return false }
        return JSONNumberDigits(double.description)?.hasValue(of: written) == true
    }

    /// Whether `double` is exactly the integer `text` spells; `false` for a text that is not a JSON number or a double
    /// that is not finite. For integers beyond 64 bits, whose nearest double may differ from the integer in digits
    /// that its shortest description leaves out (`12345678901234567000` reads as `12345678901234567168`).
    package static func double(_ double: Double, isExactly text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard double.isFinite, double.magnitude >= 0x1p53, let written = JSONNumberDigits(text) else { return false }
        return exactInteger(double).hasValue(of: written)
    }

    /// The exact value of a double of magnitude 2⁵³ or more, every one of which is an integer.
    package static func exactInteger(_ double: Double) -> JSONNumberDigits {
        precondition(double.isFinite && double.magnitude >= 0x1p53, "not a double above 2^53")
        let base: UInt64 = 1_000_000_000
        // The value is significand × 2^shift; its decimal digits in limbs of nine, the least significant first.
        var significand = double.significandBitPattern | 1 << 52
        var remainingShift = Int(double.exponent) - 52
        var limbs: [UInt64] = []
        while significand > 0 {
            limbs.append(significand % base)
            significand /= base
        }
        while remainingShift > 0 {
            let step = min(remainingShift, 29)
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] << step + carry
                limbs[index] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
            remainingShift -= step
        }
        var text = double < 0 ? "-" : ""
        text += String(limbs.removeLast())
        for limb in limbs.reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.utf8.count) + digits
        }
        guard let digits = JSONNumberDigits(text) else { preconditionFailure("not an integer: \(text)") }
        return digits
    }
}

extension JSONValue {
    /// Whether `text` is a JSON number, as the text of ``numberText(_:)`` must be.
    package static func isNumberText(_ text: String) -> Bool {
        JSONNumberDigits(text) != nil
    }
}
