import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

/// Files in generated operations and input objects (`Tests/Fixtures/CodegenInputs/Behaviour/Upload.graphql`,
/// generated into `GeneratedBehaviour/`): `Upload` is `GraphQLFile`, and every file is found with its path.
@Suite("Generated uploads")
struct GeneratedUploadTests {
    static let avatar = GraphQLFile(data: Data("png".utf8), fileName: "a.png", contentType: "image/png")
    static let report = GraphQLFile(url: URL(fileURLWithPath: "/tmp/report.pdf"))

    @Test("files are found in variables, lists and input objects at any depth, with the spec's paths")
    func paths() {
        let operation = UploadMutation(
            file: Self.avatar, files: [Self.report, Self.avatar],
            profile: .some(.init(name: "Ada", avatar: .some(Self.avatar), documents: .some([Self.report]))),
            batch: .some(
                .init(profiles: [.init(name: "Grace"), .init(name: "Alan", avatar: .some(Self.report))], note: "n")),
            note: "hello")
        #expect(
            operation.fileUploads.map(\.path) == [
                "variables.file", "variables.files.0", "variables.files.1", "variables.profile.avatar",
                "variables.profile.documents.0", "variables.batch.profiles.1.avatar",
            ])
        #expect(
            operation.fileUploads.map(\.file) == [
                Self.avatar, Self.report, Self.avatar, Self.avatar, Self.report, Self.report,
            ])
        let written = String(decoding: JSONWriter().write(.object(operation.variables)), as: UTF8.self)
        #expect(
            written == #"{"file":null,"files":[null,null],"profile":{"name":"Ada","avatar":null,"documents":[null]},"#
                + #""batch":{"profiles":[{"name":"Grace"},{"name":"Alan","avatar":null}],"note":"n"},"note":"hello"}"#)
    }

    @Test("absent and null files are no files")
    func absentFiles() {
        let operation = UploadMutation(
            file: Self.avatar, files: [], profile: .null, batch: .some(.init(profiles: [.init(name: "Grace")])))
        #expect(operation.fileUploads.map(\.path) == ["variables.file"])
    }

    @Test("types that cannot hold files say so, and operations without files have none")
    func typesWithoutFiles() {
        #expect(BehaviourAPI.ProfileInput.mayContainFiles)
        #expect(BehaviourAPI.ProfileBatch.mayContainFiles)
        #expect(!BehaviourAPI.UserFilter.mayContainFiles)
        #expect([GraphQLNullable<BehaviourAPI.ProfileInput>].mayContainFiles)
        #expect(!GraphQLNullable<String>.mayContainFiles)
        #expect(UsersQuery().fileUploads.isEmpty)
        let upload: BehaviourAPI.Upload = Self.report
        #expect(upload.fileName == "report.pdf")
        #expect(upload.contentType == "application/pdf")
        #expect(upload.jsonValue == .null)
    }
}
