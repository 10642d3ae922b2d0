import APICoreGraphQL
import APICoreJSON
import Foundation

/// Files of the shared corpus (`../shared/corpus` beside the package) for tests.
public enum CorpusFiles {
    /// The corpus folder.
    public static let root = RepositoryLayout.root.appendingPathComponent("../shared/corpus").standardizedFileURL

    /// A corpus file by its path inside the corpus.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The `data` object of a response in the corpus, read with the package's JSON reader.
    public static func responseData(_ path: String) throws -> JSONObject {
        let bytes = try Data(contentsOf: url(path))
        guard case .object(let body) = try JSONReader().read(bytes), case .object(let data)? = body["data"] else {
            throw CorpusFileError(path: path)
        }
        return data
    }
}

/// A corpus response without a `data` object.
public struct CorpusFileError: Error, CustomStringConvertible {
    /// The file's path inside the corpus.
    public let path: String

    public var description: String { "\(path) has no data object" }
}

extension JSONObject {
    /// Test data from JSON text; traps on malformed text, which is a bug in the test.
    public init(json text: String) {
        guard case .object(let object) = try? JSONReader().read(Array(text.utf8)) else {
            preconditionFailure("not a JSON object: \(text)")
        }
        self = object
    }
}
