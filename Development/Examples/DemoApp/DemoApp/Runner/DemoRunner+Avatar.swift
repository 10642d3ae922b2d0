import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import UserKit

extension DemoRunner {
    // MARK: - 3. Avatar upload

    /// The size of the image step 3 uploads: large enough for the progress to rise in several steps.
    public static let avatarByteCount = 192 * 1024

    /// The image step 3 uploads: a PNG signature, then bytes that do not compress, the same in every run.
    public static func avatarBytes() -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes.reserveCapacity(avatarByteCount)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while bytes.count < avatarByteCount {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        return bytes
    }

    /// Writes the image to a file, uploads it from there as the profile's avatar, and compares the server's
    /// description of what it received with the file.
    func showAvatarUpload(_ container: AppContainer) async throws {
        heading("3. Avatar upload: an image file streamed in a multipart request, with progress")
        let bytes = Self.avatarBytes()
        let file = configuration.dataDirectory.appendingPathComponent("avatar.png")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        write("uploading avatar.png, \(bytes.count) bytes from a file, for \(Self.userID)")

        let picker = AvatarUploadViewModel(userID: Self.userID, repository: container.users)
        await picker.upload(AvatarImage(source: .file(file), fileName: "avatar.png", contentType: "image/png"))
        guard let avatar = picker.state.value else {
            throw DemoError("the avatar upload failed: \(picker.state.failureMessage ?? "")")
        }
        let sent = picker.progress.map(\.bytesSent)
        let rising = sent == sent.sorted() && sent.last == bytes.count
        write("progress: rose to \(sent.last ?? 0) of \(bytes.count) bytes, never going back: \(rising ? "yes" : "no")")
        write("the server stored \(avatar.fileName), \(avatar.contentType), \(avatar.byteCount) bytes")
        let intact = avatar.byteCount == bytes.count && avatar.sha256 == GraphQLSHA256.hexDigest(of: bytes)
        write("its SHA-256 is the file's: \(intact ? "yes" : "no")")
        summary.avatar = avatar
        summary.avatarProgress = sent
        expect(rising, "step 3: the progress went \(sent)")
        expect(intact, "step 3: the server received \(avatar.byteCount) bytes with another digest")
    }
}
