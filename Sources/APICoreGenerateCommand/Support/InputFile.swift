import Foundation

/// Reads the files a subcommand takes as input, with messages that say which file and why.
package enum InputFile {
    /// The bytes of the file at `path`; `role` names it in messages ("document", "variables").
    package static func bytes(at path: String, role: String) throws(CommandFailure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path, role: role, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw .unreadableFile(path, role: role, reason: "it is a directory")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path, role: role, reason: "permission denied or read error")
        }
        return Array(data)
    }

    /// The text of the file at `path`, which must be UTF-8; the error points at the first byte that is not.
    package static func text(at path: String, role: String) throws(CommandFailure) -> String {
        let bytes = try bytes(at: path, role: role)
        if let offset = firstInvalidUTF8Offset(in: bytes) {
            throw .invalidInput(
                "the \(role) is not valid UTF-8", at: SourceLocation(file: path, offset: offset, in: bytes))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte of `bytes` that does not start or continue a valid UTF-8 sequence; `nil` when
    /// every byte does. (`String(validating:as:)` says the same, but only from macOS 15 and iOS 18.)
    package static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
