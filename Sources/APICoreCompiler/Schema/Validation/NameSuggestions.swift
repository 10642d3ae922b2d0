/// "Did you mean ...?" hints for misspelt names.
enum NameSuggestions {
    /// The candidates close to `input`, closest first, at most five.
    static func suggestions(for input: String, among candidates: some Sequence<String>) -> [String] {
        let target = Array(input.lowercased().unicodeScalars)
        let threshold = max(1, target.count * 2 / 5)
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates where candidate != input {
            let distance =
                candidate.lowercased() == input.lowercased()
                ? 0 : editDistance(target, Array(candidate.lowercased().unicodeScalars), limit: threshold)
            if distance <= threshold { scored.append((candidate, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(5).map(\.name)
    }

    /// `Did you mean "A" or "B"?`, or `nil` when no candidate is close.
    static func didYouMean(_ input: String, among candidates: some Sequence<String>, prefix: String = "") -> String? {
        let names = suggestions(for: input, among: candidates).map { "\"\(prefix)\($0)\"" }
        guard let last = names.last else { return nil }
        if names.count == 1 { return "Did you mean \(last)?" }
        return "Did you mean \(names.dropLast().joined(separator: ", ")) or \(last)?"
    }

    /// The optimal-string-alignment distance (insertions, deletions, substitutions and adjacent transpositions),
    /// or `limit + 1` as soon as it is known to exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
