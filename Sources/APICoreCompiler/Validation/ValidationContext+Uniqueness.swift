/// The Unique…Names rules: a name given twice where the specification allows it once.
extension ValidationContext {
    /// Records `name` in `seen`, or, when `seen` already holds it, reports it with the first occurrence under `rule`:
    /// "There can be only one `kind` named "`name`"."
    func checkUnique(_ name: Name, among seen: inout [String: Name], rule: String, kind: String) {
        guard let first = seen[name.value] else {
            seen[name.value] = name
            return
        }
        report(rule, "There can be only one \(kind) named \"\(name.value)\".", at: [first.location, name.location])
    }

    /// Reports each name that stands more than once in `names`, once, at all its occurrences, in the order of their
    /// first occurrences. `sigil` is written before the name in the message (`$` for variables).
    func checkUnique(_ names: [Name], rule: String, kind: String, sigil: String = "") {
        guard names.count > 1 else { return }
        var byName: [String: [Name]] = [:]
        var order: [String] = []
        for name in names {
            if byName[name.value] == nil { order.append(name.value) }
            byName[name.value, default: []].append(name)
        }
        for name in order {
            guard let occurrences = byName[name], occurrences.count > 1 else { continue }
            report(
                rule, "There can be only one \(kind) named \"\(sigil)\(name)\".", at: occurrences.map(\.location))
        }
    }
}
