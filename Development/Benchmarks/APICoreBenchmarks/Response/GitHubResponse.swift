import APICoreCache
import APICoreGraphQL
import APICoreJSON
import Foundation
import GitHubApolloFixture

/// A recorded GitHub response of `IssuesAndCommentsForRepository` and what the response scenarios do with it.
struct GitHubResponse {
    /// The 409 KB response.
    static let small = "github/responses/IssuesAndCommentsForRepository.json"
    /// The same issues 25 times over: 10.5 MB.
    static let x25 = "github/responses/IssuesAndCommentsForRepository-x25.json"

    let bytes: Data
    let query = IssuesAndCommentsForRepositoryQuery()

    init(_ relativePath: String, paths: BenchmarkPaths) throws {
        bytes = try paths.corpusData(relativePath)
    }

    /// What a client does with a response body: read the JSON, decode the typed data and normalize it in the same
    /// walk, and write the records to `store`.
    func decodeAndNormalize(into store: CacheStore) throws -> IssuesAndCommentsForRepositoryQuery.Data {
        try Self.decodeAndNormalize(Self.data(of: bytes), into: store)
    }

    /// The response's `data` object, read from the corpus file; the file's bytes are freed on return, as `APIClient`
    /// frees a response body once it has read it.
    static func readData(_ relativePath: String, paths: BenchmarkPaths) throws -> JSONObject {
        try data(of: paths.corpusData(relativePath))
    }

    /// The `data` object of a response body.
    static func data(of bytes: Data) throws -> JSONObject {
        guard case .object(let body) = try JSONReader().read(bytes), case .object(let data)? = body["data"] else {
            throw BenchmarkFailure("the response has no data object")
        }
        return data
    }

    /// Decodes the typed data and normalizes it in the same walk, and writes the records to `store`.
    static func decodeAndNormalize(
        _ data: JSONObject, into store: CacheStore
    ) throws -> IssuesAndCommentsForRepositoryQuery.Data {
        let (value, records) = try store.decode(IssuesAndCommentsForRepositoryQuery(), data: data)
        try store.publish(records)
        return value
    }

    /// Foundation parsing the same bytes, checked to have produced the response object.
    func parseWithFoundation() throws -> NSDictionary {
        guard let object = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary,
            object["data"] != nil
        else { throw BenchmarkFailure("JSONSerialization did not produce the response object") }
        return object
    }
}
