import Foundation
import GraphQL

/// The `Upload` scalar: a file part of a multipart request (the GraphQL multipart request spec).
///
/// ``DemoMultipartRequest`` puts, at each path its `map` names, an object describing the part it received (file
/// name, content type, size and SHA-256 digest) with a receipt no client can know (``receipt``, random per process).
/// The scalar accepts only such an object, so an `Upload` variable sent in a plain JSON body, even one shaped like the
/// description, or written in the document, is a GraphQL error.
enum DemoUploadScalar {
    /// The keys of the object that stands for a received file.
    static let fileNameKey = "fileName"
    static let contentTypeKey = "contentType"
    static let byteCountKey = "byteCount"
    static let sha256Key = "sha256"
    static let receiptKey = "receipt"
    /// Marks the descriptions this process made from file parts it received.
    static let receipt = UUID().uuidString

    static func make() throws -> GraphQLScalarType {
        try GraphQLScalarType(
            name: "Upload",
            description: "A file sent in a multipart request, by the GraphQL multipart request spec.",
            serialize: { _ in throw GraphQLError(message: "Upload is an input type: it cannot be returned") },
            parseValue: { value in
                _ = try avatar(from: value)
                return value
            },
            parseLiteral: { _ in
                throw GraphQLError(message: "An Upload must be a variable whose file is a part of a multipart request")
            }
        )
    }

    /// The map that stands for a received file.
    static func map(for avatar: DemoAvatar) -> Map {
        .dictionary([
            fileNameKey: .string(avatar.fileName), contentTypeKey: .string(avatar.contentType),
            byteCountKey: .number(Number(avatar.byteCount)), sha256Key: .string(avatar.sha256),
            receiptKey: .string(receipt),
        ])
    }

    /// The received file `value` stands for; throws when it is not one.
    static func avatar(from value: Map) throws -> DemoAvatar {
        guard case .dictionary = value, let fileName = value[fileNameKey].string,
            let contentType = value[contentTypeKey].string, let byteCount = value[byteCountKey].int,
            let sha256 = value[sha256Key].string, value[receiptKey].string == receipt
        else {
            throw GraphQLError(message: "An Upload must be a file part of a multipart request")
        }
        return DemoAvatar(fileName: fileName, contentType: contentType, byteCount: byteCount, sha256: sha256)
    }
}
