import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// Random truncations and byte changes of small corpus files: the reader never crashes, reports every failure as a
/// ``JSONParseError`` inside the input, and agrees with `JSONSerialization` on which inputs are JSON.
@Suite(.cpuBound) struct JSONReaderFuzzTests {
    /// Corpus files small enough to mutate thousands of times in a debug build.
    /// The small valid JSON files of the corpus.
    static let sources: [String] = JSONTestCorpus.jsonFiles().filter { path in
        let size = (try? JSONTestCorpus.contents(of: path).count) ?? .max
        return size <= 20_000 && JSONReaderCorpusTests.invalidFiles[path] == nil
    }

    @Test func hasSources() {
        #expect(JSONReaderFuzzTests.sources.count >= 4)
    }

    /// The outcome of reading `bytes`, checking that a failure lies within the input.
    private func read(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        let result = Result { () throws(JSONParseError) in try JSONReader().read(bytes) }
        if case .failure(let error) = result {
            #expect(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset) of \(bytes.count)")
        }
        return result
    }

    @Test(arguments: sources)
    func truncationsAreRejected(path: String) throws {
        let bytes = [UInt8](try JSONTestCorpus.contents(of: path))
        guard case .success = read(bytes) else { return }  // only a valid document's prefixes are all invalid
        let isWhitespace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let contentEnd = (bytes.lastIndex { !isWhitespace($0) } ?? -1) + 1
        var random = SeededGenerator(seed: UInt64(truncatingIfNeeded: path.utf8.count) &* 7919)
        for trial in 0..<300 {
            let length = trial < 40 ? trial : Int.random(in: 0..<contentEnd, using: &random)
            guard length < contentEnd else { continue }
            let prefix = Array(bytes[..<length])
            let expected: JSONParseError.Reason =
                prefix.allSatisfy(isWhitespace) ? .emptyInput : .unexpectedEnd
            guard case .failure(let error) = read(prefix) else {
                Issue.record("reads the first \(length) bytes of \(path)")
                continue
            }
            #expect(error == JSONParseError(offset: length, reason: expected), "first \(length) bytes of \(path)")
            if trial % 4 == 0 {
                #expect(FoundationJSON.read(Data(prefix)) == nil, "JSONSerialization reads \(length) bytes of \(path)")
            }
        }
    }

    /// Bytes that are likely to change the meaning of JSON text, or to break its UTF-8.
    private static let interestingBytes: [UInt8] =
        Array(#"{}[],:"\/ 0123456789-+.eEtfnrub"#.utf8) + [
            0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]

    @Test(arguments: sources)
    func mutationsFailCleanlyAndAgreeWithJSONSerialization(path: String) throws {
        let original = [UInt8](try JSONTestCorpus.contents(of: path))
        var random = SeededGenerator(seed: 0x5EED ^ UInt64(truncatingIfNeeded: original.count))
        for trial in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                let byte =
                    Bool.random(using: &random)
                    ? JSONReaderFuzzTests.interestingBytes.randomElement(using: &random)!
                    : UInt8.random(in: 0...255, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.insert(byte, at: index)
                case 1: bytes.remove(at: index)
                default: bytes[index] = byte
                }
            }
            let ours = read(bytes)
            let theirs = FoundationJSON.read(Data(bytes))
            switch (ours, theirs) {
            case (.success(let value), let expected?):
                #expect(value.firstDifference(from: expected) == nil, "trial \(trial) of \(path)")
            case (.success, nil):
                Issue.record("trial \(trial) of \(path): JSONSerialization rejects what JSONReader reads")
            case (.failure(let error), _?):
                Issue.record("trial \(trial) of \(path): JSONReader rejects what JSONSerialization reads: \(error)")
            case (.failure, nil):
                break
            }
        }
    }
}
