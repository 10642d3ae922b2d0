import APICoreCodegen
import Foundation
import Testing

@Suite("Generated file writer")
struct GeneratedFileWriterTests {
    @Test("writes, reports stale files in check mode, removes only the generated files it owns")
    func writeAndCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = GeneratedFileWriter(folders: [folder])
        let old = GeneratedFile(path: folder + "/Old.graphql.swift", contents: GeneratedFile.marker + "\n")
        let kept = GeneratedFile(path: folder + "/Kept.graphql.swift", contents: GeneratedFile.marker + " kept\n")
        _ = try writer.write([old, kept])
        try Data("// hand-written\n".utf8).write(to: URL(fileURLWithPath: folder + "/Mine.swift"))

        #expect(writer.check([old, kept]).isUpToDate)
        var changed = kept
        changed.contents += "// more\n"
        let check = writer.check([changed])
        #expect(check.written == [kept.path])
        #expect(check.removed == [old.path])
        #expect(FileManager.default.fileExists(atPath: old.path))

        let report = try writer.write([changed])
        #expect(report.removed == [old.path])
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: folder + "/Mine.swift"))
        #expect(try String(contentsOfFile: kept.path, encoding: .utf8) == changed.contents)
        #expect(writer.check([changed]).isUpToDate)
    }

    @Test("a document error is a located diagnostic and writes nothing")
    func errorsWriteNothing() throws {
        #expect {
            try GeneratorHarness.generate(sdl: "type Query { a: String }", operations: "query Q { b }")
        } throws: { error in
            "\(error)" == #"operations.graphql:1:11: error: Cannot query field "b" on type "Query". Did you mean "a"?"#
        }
    }
}
