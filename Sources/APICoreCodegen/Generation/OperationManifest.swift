import APICoreGraphQL
import APICoreJSON

/// Renders the persisted-query manifest: every operation's id and the exact document sent for it, for registering a
/// safelist on the server.
///
/// The id is the generated `operationIdentifier`: by default the SHA-256 of the document. Apollo iOS hashes a document
/// whose fragments it joins with the two characters `\n` (a backslash and an `n`) rather than a newline, so for an
/// operation that uses fragments its id differs from ours although the bodies are the same, unless the configuration
/// asks for Apollo's ids (``CodegenConfiguration/OperationIdentifiers/apollo``). Unlike Apollo's, the manifest is
/// valid JSON: quotes and newlines in bodies are escaped.
struct OperationManifest {
    var format: CodegenConfiguration.OperationManifestOptions.Format

    func render(_ operations: [IROperation]) -> String {
        switch format {
        case .persistedQueries:
            let entries = operations.map { operation in
                [
                    "    {",
                    "      \"id\": \(Self.quoted(operation.identifier)),",
                    "      \"body\": \(Self.quoted(operation.document)),",
                    "      \"name\": \(Self.quoted(operation.name)),",
                    "      \"type\": \(Self.quoted(operation.kind.rawValue))",
                    "    }",
                ].joined(separator: "\n")
            }
            return "{\n  \"format\": \"apollo-persisted-query-manifest\",\n  \"version\": 1,\n  \"operations\": ["
                + (entries.isEmpty ? "" : "\n" + entries.joined(separator: ",\n") + "\n  ") + "]\n}\n"
        case .legacy:
            let entries = operations.map { operation in
                [
                    "  \(Self.quoted(operation.identifier)): {",
                    "    \"name\": \(Self.quoted(operation.name)),",
                    "    \"source\": \(Self.quoted(operation.document))",
                    "  }",
                ].joined(separator: "\n")
            }
            return "{" + (entries.isEmpty ? "" : "\n" + entries.joined(separator: ",\n") + "\n") + "}\n"
        }
    }

    /// `text` as a JSON string literal, escaped by the runtime's JSON writer.
    static func quoted(_ text: String) -> String {
        JSONWriter().string(.string(text))
    }
}
