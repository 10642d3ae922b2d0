import APICoreKit
import Foundation

/// A user's avatar image as the server stored it.
public struct Avatar: Sendable, Hashable {
    /// The file name the image was sent with.
    public var fileName: String
    /// The content type the image was sent with (`image/png`).
    public var contentType: String
    /// The image's size, in bytes.
    public var byteCount: Int
    /// The SHA-256 digest of the bytes the server received, in lowercase hexadecimal: equal to the digest of the
    /// image sent when it arrived intact.
    public var sha256: String

    /// An avatar with the given description.
    public init(fileName: String, contentType: String, byteCount: Int, sha256: String) {
        self.fileName = fileName
        self.contentType = contentType
        self.byteCount = byteCount
        self.sha256 = sha256
    }
}

/// An image a user picked, to upload as their avatar.
public struct AvatarImage: Sendable, Hashable {
    /// Where the image's bytes are.
    public enum Source: Sendable, Hashable {
        /// Bytes in memory (an image the app just rendered or compressed).
        case data(Data)
        /// A file, streamed from disk as it is sent (a photo the picker exported), never read whole into memory.
        case file(URL)
    }

    /// Where the image's bytes are.
    public var source: Source
    /// The file name sent with the image.
    public var fileName: String
    /// The image's content type.
    public var contentType: String

    /// An image from `source`, sent as `fileName` with `contentType`.
    public init(source: Source, fileName: String, contentType: String) {
        self.source = source
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// How much of an avatar upload has been sent (`bytesSent`, `totalBytes`, `fractionCompleted`): the client's upload
/// progress, a plain value a screen can show as it is.
public typealias AvatarUploadProgress = UploadProgress
