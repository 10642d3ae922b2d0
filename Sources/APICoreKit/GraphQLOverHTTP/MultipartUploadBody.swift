import Foundation

/// The `multipart/form-data` body of an operation with files, by the GraphQL multipart request spec: an `operations`
/// part (the JSON payload, `null` where each file goes), a `map` part (each file part's name and the variable paths
/// it fills) and one part per distinct file.
///
/// The same file at several paths is one part listed under all of them. Files on disk are measured when the body is
/// built (a missing or unreadable one fails the call before anything is sent) and read only while the body is sent,
/// chunk by chunk, again for each attempt.
struct MultipartUploadBody: Sendable {
    /// A piece of the body: bytes built in memory, or a file's contents.
    enum Segment: Sendable {
        case bytes(Data)
        case file(GraphQLFile, length: Int, paths: [String])
    }

    let boundary: String
    let segments: [Segment]
    /// The whole body's size, for `Content-Length`.
    let length: Int
    /// The files' bytes alone, each distinct file once: what upload progress counts up to.
    let fileBytes: Int
    /// The `map` part: each file part's name and its paths.
    let map: [(part: String, paths: [String])]

    /// The `Content-Type` of the body, boundary included.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A body for the `operations` JSON and `files`; throws ``APIError/Code/invalidRequest`` when a file on disk
    /// cannot be read or is not a regular file.
    init(operations: Data, files: [GraphQLFileUpload], operationName: String) throws(APIError) {
        let boundary = "apicore-" + UUID().uuidString.lowercased()
        self.boundary = boundary
        var distinct: [GraphQLFile] = []
        var paths: [[String]] = []
        var index: [GraphQLFile: Int] = [:]
        for upload in files {
            if let position = index[upload.file] {
                paths[position].append(upload.path)
            } else {
                index[upload.file] = distinct.count
                distinct.append(upload.file)
                paths.append([upload.path])
            }
        }
        let map = paths.enumerated().map { (part: String($0.offset), paths: $0.element) }
        self.map = map
        var segments: [Segment] = []
        var text = Self.partHead(boundary, name: "operations", fileName: nil, contentType: nil)
        segments.append(.bytes(Data(text.utf8) + operations))
        var mapObject = JSONObject()
        for entry in map {
            mapObject[entry.part] = .array(entry.paths.map { .string($0) })
        }
        text = "\r\n" + Self.partHead(boundary, name: "map", fileName: nil, contentType: nil)
        segments.append(.bytes(Data(text.utf8) + Data(JSONWriter().write(.object(mapObject)))))
        var fileBytes = 0
        for (position, file) in distinct.enumerated() {
            let length = try Self.length(of: file, paths: paths[position], operationName: operationName)
            fileBytes += length
            text =
                "\r\n"
                + Self.partHead(
                    boundary, name: String(position), fileName: file.fileName, contentType: file.contentType)
            segments.append(.bytes(Data(text.utf8)))
            segments.append(.file(file, length: length, paths: paths[position]))
        }
        segments.append(.bytes(Data("\r\n--\(boundary)--\r\n".utf8)))
        self.segments = segments
        self.fileBytes = fileBytes
        length = segments.reduce(0) { total, segment in
            switch segment {
            case .bytes(let data): total + data.count
            case .file(_, let length, _): total + length
            }
        }
    }

    /// The body as a stream that reads each attempt from the start, reporting the file bytes it hands over to
    /// `progress`.
    func stream(operationName: String, progress: UploadProgressReporter?) -> HTTPBodyStream {
        let segments = segments
        return HTTPBodyStream(length: length) {
            try MultipartUploadReader(segments: segments, operationName: operationName, progress: progress)
        }
    }

    /// The boundary line and header fields of a part, up to the blank line before its content.
    private static func partHead(_ boundary: String, name: String, fileName: String?, contentType: String?) -> String {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let fileName { head += "; filename=\"\(Self.quoted(fileName))\"" }
        head += "\r\n"
        if let contentType { head += "Content-Type: \(Self.headerValue(contentType))\r\n" }
        return head + "\r\n"
    }

    /// A file name inside a quoted header parameter: quotes and line breaks percent-encoded, as browsers send them.
    static func quoted(_ fileName: String) -> String {
        var quoted = ""
        for character in fileName.unicodeScalars {
            switch character {
            case "\"": quoted += "%22"
            case "\r": quoted += "%0D"
            case "\n": quoted += "%0A"
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted
    }

    /// A header value without line breaks, so that it cannot start another header field.
    private static func headerValue(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
    }

    /// The size of a file's contents; for a file on disk, measured now.
    static func length(of file: GraphQLFile, paths: [String], operationName: String) throws(APIError) -> Int {
        switch file.contents {
        case .data(let data):
            return data.count
        case .file(let url):
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                guard attributes[.type] as? FileAttributeType == .typeRegular,
                    let size = attributes[.size] as? NSNumber
                else {
                    throw APIError(
                        .invalidRequest, operationName: operationName,
                        reason: "the file for \(paths[0]) is not a regular file")
                }
                return size.intValue
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError(
                    .invalidRequest, operationName: operationName, underlying: error,
                    reason: "the file for \(paths[0]) cannot be read")
            }
        }
    }
}
