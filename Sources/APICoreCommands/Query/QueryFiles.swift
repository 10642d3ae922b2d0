import APICoreGenerateCommand
import APICoreKit
import Foundation

/// Reads the `--file PATH=FILE` options of `apicore query`: files to upload by the GraphQL multipart request spec.
enum QueryFiles {
    /// The files to upload, each at its path, and the variables with `null` at every path.
    ///
    /// An argument without `=`, or a path that does not start with `variables.` or whose parent is not in the
    /// variables, is invalid input (exit 1); a file that does not exist, is a directory or cannot be read, an I/O
    /// error (exit 2). The file name sent is the file's last path component, and its content type follows its
    /// extension (`application/octet-stream` when unknown).
    static func load(
        _ arguments: [String], variables: JSONObject
    ) throws(CommandFailure) -> (
        variables: JSONObject, files: [GraphQLFileUpload]
    ) {
        var files: [GraphQLFileUpload] = []
        for argument in arguments {
            guard let separator = argument.firstIndex(of: "="), separator != argument.startIndex,
                argument.index(after: separator) != argument.endIndex
            else {
                throw .invalidInput("--file must be PATH=FILE, such as variables.file=photo.png")
            }
            let path = String(argument[..<separator])
            let file = String(argument[argument.index(after: separator)...])
            try checkReadable(file)
            files.append(GraphQLFileUpload(path: path, file: GraphQLFile(url: URL(fileURLWithPath: file))))
        }
        do throws(APIError) {
            return (try UploadPaths.placingNulls(for: files, in: variables), files)
        } catch {
            throw .invalidInput(error.reason ?? error.description)
        }
    }

    /// Fails unless `path` is a regular file this process may read.
    private static func checkReadable(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path, role: "upload", reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw .unreadableFile(path, role: "upload", reason: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadableFile(path, role: "upload", reason: "permission denied")
        }
    }
}
