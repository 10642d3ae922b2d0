/// "Did you mean" suggestions, worded and ranked as graphql-js ranks them: options within an edit distance of 40% of
/// the input's length (a change of case counts as one edit), nearest first, ties in natural order.
enum Suggestions {
    /// At most this many suggestions are shown.
    static let maximumShown = 5

    /// The options close enough to `input` to suggest, best first.
    static func list(for input: String, from options: [String]) -> [String] {
        let measure = EditDistance(input)
        let threshold = input.unicodeScalars.count * 2 / 5 + 1
        var scored: [(option: String, distance: Int)] = []
        for option in options {
            if let distance = measure.distance(to: option, threshold: threshold) {
                scored.append((option, distance))
            }
        }
        scored.sort { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : naturallyPrecedes(lhs.option, rhs.option)
        }
        return scored.map(\.option)
    }

    /// ` Did you mean "a", "b", or "c"?`; empty when there is nothing to suggest.
    static func didYouMean(_ suggestions: [String]) -> String {
        didYouMean(nil, suggestions)
    }

    /// ` Did you mean <subject> "a", "b", or "c"?`; empty when there is nothing to suggest.
    static func didYouMean(_ subject: String?, _ suggestions: [String]) -> String {
        let quoted = suggestions.prefix(maximumShown).map { "\"\($0)\"" }
        guard !quoted.isEmpty else { return "" }
        let lead = " Did you mean " + (subject.map { $0 + " " } ?? "")
        switch quoted.count {
        case 1: return lead + quoted[0] + "?"
        case 2: return lead + quoted[0] + " or " + quoted[1] + "?"
        default: return lead + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
        }
    }

    /// Natural order: runs of digits compare by their numeric value, other characters by code point.
    static func naturallyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let leftNumber = readNumber(left, &i)
                let rightNumber = readNumber(right, &j)
                if leftNumber != rightNumber { return leftNumber < rightNumber }
            } else {
                if left[i] != right[j] { return left[i].value < right[j].value }
                i += 1
                j += 1
            }
        }
        return left.count < right.count
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Reads a run of digits starting at `index`; a leading zero is a number on its own.
    private static func readNumber(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Double {
        var number = 0.0
        repeat {
            number = number * 10 + Double(scalars[index].value - 48)
            index += 1
        } while index < scalars.count && isDigit(scalars[index]) && number > 0
        return number
    }
}

/// The optimal-string-alignment distance (Levenshtein plus transposition of neighbours) from one input to options,
/// compared without regard to case.
private struct EditDistance {
    let input: String
    let lowercased: [Unicode.Scalar]
    let lowercasedInput: String

    init(_ input: String) {
        self.input = input
        lowercasedInput = input.lowercased()
        lowercased = Array(lowercasedInput.unicodeScalars)
    }

    /// The distance to `option`, or nil when it exceeds `threshold`.
    func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let lowerOption = option.lowercased()
        if lowerOption == lowercasedInput { return 1 }
        var longer = Array(lowerOption.unicodeScalars)
        var shorter = lowercased
        if longer.count < shorter.count { swap(&longer, &shorter) }
        if longer.count - shorter.count > threshold { return nil }
        let width = shorter.count + 1
        // Three rolling rows: two back (for transpositions), previous, current.
        var rows = [[Int]](repeating: [Int](repeating: 0, count: width), count: 3)
        for column in 0..<width { rows[0][column] = column }
        for row in stride(from: 1, through: longer.count, by: 1) {
            let current = row % 3
            let previous = (row - 1) % 3
            rows[current][0] = row
            var smallest = row
            for column in 1..<width {
                let cost = longer[row - 1] == shorter[column - 1] ? 0 : 1
                var cell = min(
                    rows[previous][column] + 1, rows[current][column - 1] + 1, rows[previous][column - 1] + cost)
                if row > 1, column > 1, longer[row - 1] == shorter[column - 2], longer[row - 2] == shorter[column - 1] {
                    cell = min(cell, rows[(row - 2) % 3][column - 2] + 1)
                }
                smallest = min(smallest, cell)
                rows[current][column] = cell
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[longer.count % 3][shorter.count]
        return distance <= threshold ? distance : nil
    }
}
