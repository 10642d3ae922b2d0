import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreJSON

/// What `apicore diff-schema` prints: the changes, compiler style, then the operations they break, then a summary;
/// or all of it as one JSON object.
struct DiffReport {
    let changes: [SchemaChange]
    let impacts: [OperationImpact]
    /// Whether `--operations` was given (the summary then counts broken operations).
    let checksOperations: Bool

    var breaking: [SchemaChange] { changes.filter { $0.severity == .breaking } }
    var dangerous: [SchemaChange] { changes.filter { $0.severity == .dangerous } }

    /// Breaking changes, dangerous changes, broken operations with their notes, and a summary line.
    var text: String {
        var lines = (breaking + dangerous).map(\.description)
        for impact in impacts where impact.isBroken {
            lines.append("\(impact.location): error: operation '\(impact.name)' is broken by the new schema")
            for change in impact.changes {
                lines.append(
                    "\(impact.location): note: uses \(change.path): \(change.kind.rawValue): \(change.message)")
            }
            for error in impact.errors {
                let place = error.locations.first.map { "\($0)" } ?? "\(impact.location)"
                lines.append("\(place): note: against the new schema: \(error.message)")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// `16 breaking changes, 182 dangerous changes; 2 of 40 operations broken`.
    var summary: String {
        var text =
            "\(Self.count(breaking.count, "breaking change")), \(Self.count(dangerous.count, "dangerous change"))"
        if checksOperations {
            let broken = impacts.count(where: \.isBroken)
            text += "; \(broken) of \(Self.count(impacts.count, "operation")) broken"
        }
        return text
    }

    /// `{"breaking": [...], "dangerous": [...], "operations": [...]}`, keys in that order.
    var json: String {
        var members: [(String, JSONValue)] = [
            ("breaking", .array(breaking.map(Self.json))),
            ("dangerous", .array(dangerous.map(Self.json))),
        ]
        if checksOperations {
            members.append(("operations", .array(impacts.map(Self.json))))
        }
        return JSONWriter(options: JSONWriter.Options(prettyPrinted: true)).string(.object(JSONObject(members)))
    }

    private static func json(_ change: SchemaChange) -> JSONValue {
        .object(
            JSONObject([
                ("type", .string(change.kind.rawValue)),
                ("description", .string(change.message)),
                ("path", .string(change.path.description)),
                ("location", .string(change.location.line > 0 ? change.location.description : "")),
            ]))
    }

    private static func json(_ impact: OperationImpact) -> JSONValue {
        .object(
            JSONObject([
                ("name", .string(impact.name)),
                ("location", .string(impact.location.description)),
                ("breakingChanges", .array(impact.changes.map { .string($0.message) })),
                ("errors", .array(impact.errors.map { .string($0.description) })),
            ]))
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
