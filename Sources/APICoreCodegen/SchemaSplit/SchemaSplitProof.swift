import APICoreCompiler
import Foundation

/// The two checks a split must pass before anything is written:
///
/// 1. *resolves*: the shared file plus each domain file builds, with our compiler, into a valid schema: every
///    reference resolves;
/// 2. *union*: all the files together (a root type that several domain files declare counted as one declaration
///    and extensions) build into the original schema: the same types, fields, arguments, values, members,
///    directives and descriptions, compared definition by definition with fields in name order.
///
/// A failure names the check and the file, type or field, at the configuration file.
struct SchemaSplitProof {
    let original: GraphQLSchema
    let files: [SchemaSplit.File]
    let configurationFile: String

    func check() throws(CompilerError) {
        let shared = files[0]
        let domainFiles = files.dropFirst()
        for file in domainFiles.isEmpty ? [shared] : Array(domainFiles) {
            let sources = file.domain == nil ? [source(shared)] : [source(shared), source(file)]
            do {
                _ = try GraphQLSchema.build(from: sources)
            } catch {
                throw failure(
                    "Check 'resolves' failed: \(sources.map(\.name).joined(separator: " + ")) does not build: "
                        + error.diagnostics.prefix(3).map(\.description).joined(separator: "; "))
            }
        }
        let union: GraphQLSchema
        do {
            union = try GraphQLSchema.build(from: try unionSources())
        } catch {
            throw failure(
                "Check 'union' failed: the files together do not build: "
                    + error.diagnostics.prefix(3).map(\.description).joined(separator: "; "))
        }
        if let difference = Self.difference(original, union) {
            throw failure("Check 'union' failed: the files together are not the original schema: \(difference)")
        }
    }

    private func source(_ file: SchemaSplit.File) -> Source {
        Source(name: file.name, text: file.text)
    }

    /// The files, parsed, with every declaration of a root type after the first turned into an extension.
    private func unionSources() throws(CompilerError) -> [Source] {
        var declared: Set<String> = []
        var sources: [Source] = []
        for file in files {
            var document = try Parser.parse(source(file))
            document.definitions = document.definitions.map { definition in
                guard case .type(var type) = definition, !type.isExtension else { return definition }
                if !declared.insert(type.name.value).inserted {
                    type = TypeDefinition(kind: type.kind, name: type.name, isExtension: true)
                }
                return .type(type)
            }
            sources.append(Source(name: file.name, text: Printer.print(document)))
        }
        return sources
    }

    private func failure(_ message: String) -> CompilerError {
        CompilerError(
            Diagnostic(
                .error, message, at: [SourceLocation(file: configurationFile, line: 1, column: 1, offset: 0)],
                rule: "SplitProof"))
    }

    /// The first difference between two schemas as `type Issue: field title differs`, or `nil` when they are the
    /// same.
    static func difference(_ expected: GraphQLSchema, _ actual: GraphQLSchema) -> String? {
        let expectedDefinitions = canonical(expected)
        let actualDefinitions = canonical(actual)
        for (key, text) in expectedDefinitions.sorted(by: { $0.key < $1.key }) {
            guard let other = actualDefinitions[key] else { return "\(key) is missing" }
            if other != text { return "\(key) differs: \(memberDifference(text, other))" }
        }
        if let extra = actualDefinitions.keys.sorted().first(where: { expectedDefinitions[$0] == nil }) {
            return "\(extra) is not in the original"
        }
        return nil
    }

    /// Each definition's SDL by `type Name`, `directive @name` or `schema`, fields sorted by name.
    private static func canonical(_ schema: GraphQLSchema) -> [String: String] {
        var result: [String: String] = [:]
        for definition in SchemaPrinter.document(for: schema).definitions {
            switch definition {
            case .type(var type):
                switch type.kind {
                case .object(let interfaces, let fields):
                    type.kind = .object(interfaces: interfaces, fields: fields.sorted { $0.name.value < $1.name.value })
                case .interface(let interfaces, let fields):
                    type.kind = .interface(
                        interfaces: interfaces, fields: fields.sorted { $0.name.value < $1.name.value })
                default:
                    break
                }
                result["type \(type.name.value)"] = Printer.print(.type(type))
            case .directive(let directive):
                result["directive @\(directive.name.value)"] = Printer.print(definition)
            default:
                result["schema"] = Printer.print(definition)
            }
        }
        return result
    }

    /// The first line that differs between two printed definitions: usually the field.
    private static func memberDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n")
        let actualLines = actual.split(separator: "\n")
        for (index, line) in expectedLines.enumerated() where index >= actualLines.count || actualLines[index] != line {
            return "expected '\(line.trimmingCharacters(in: .whitespaces))', found "
                + (index < actualLines.count
                    ? "'\(actualLines[index].trimmingCharacters(in: .whitespaces))'" : "nothing")
        }
        return "it has more lines than the original"
    }
}
