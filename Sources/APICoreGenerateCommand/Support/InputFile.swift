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

    /// The text of the file at `path`, which must be UTF-8.
    package static func text(at path: String, role: String) throws(CommandFailure) -> String {
        let bytes = try bytes(at: path, role: role)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidInput(
                "the \(role) is not valid UTF-8", at: SourceLocation(file: path, offset: 0, in: bytes))
        }
        return text
    }
}
