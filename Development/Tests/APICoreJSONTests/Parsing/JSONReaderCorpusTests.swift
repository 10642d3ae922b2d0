import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// Every JSON file of the shared corpus reads to the value that Foundation's `JSONSerialization` reads.
@Suite(.cpuBound) struct JSONReaderCorpusTests {
    @Test func corpusIsPresent() {
        let path = JSONTestCorpus.directory.path
        #expect(FileManager.default.fileExists(atPath: path), "the JSON corpus is missing at \(path)")
        #expect(JSONTestCorpus.jsonFiles().count >= 10, "the JSON corpus at \(path) has too few .json files")
    }

    @Test(arguments: JSONTestCorpus.jsonFiles())
    func readsLikeJSONSerialization(path: String) throws {
        let data = try JSONTestCorpus.contents(of: path)
        let value = Result { () throws(JSONParseError) in try JSONReader().read(data) }
        let expected = FoundationJSON.read(data)
        switch (value, expected) {
        case (.success(let value), let expected?):
            #expect(value.firstDifference(from: expected) == nil)
        case (.success, nil):
            Issue.record("JSONSerialization rejects \(path), which JSONReader reads")
        case (.failure(let error), let expected):
            // A file that is not JSON is rejected where it stops being JSON, whether or not Foundation, which reads
            // trailing commas on Linux, reads it.
            if let invalid = JSONReaderCorpusTests.invalidFiles[path] {
                #expect(error == invalid)
            } else {
                #expect(expected == nil, "JSONReader rejects \(path), which JSONSerialization reads: \(error)")
            }
        }
    }

    /// Corpus files that are not valid JSON, and where the reader rejects them.
    ///
    /// Apollo's persisted-query manifests hold operation bodies whose double quotes are not escaped
    /// (`JSONSerialization` rejects them at the same offsets), and a real app's Apollo configuration has trailing
    /// commas (which Apollo's tool, `apicore generate` and Foundation on Linux accept; the response reader does not).
    static let invalidFiles: [String: JSONParseError] = [
        "apps/pocket-ios/apollo-codegen-config.json": JSONParseError(offset: 422, reason: .unexpectedByte(0x7D)),
        "github/operations/apollo/operationIDs.json": JSONParseError(offset: 241, reason: .unexpectedByte(0x61)),
        "starwars/operationIDs.json": JSONParseError(offset: 12330, reason: .unexpectedByte(0x54)),
    ]
}
