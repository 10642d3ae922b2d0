import Foundation

/// Reads one attempt of a ``MultipartUploadBody`` from its start: the built parts from memory, the files from disk,
/// a chunk at a time.
///
/// Every file on disk is opened, and its size checked against the size the body was built with, when the reader is
/// made, so a file that disappeared or changed size since fails the attempt before its body starts; one that changes
/// while it is read fails it when the reader notices (fewer bytes than measured, or more).
final class MultipartUploadReader: HTTPBodyReader {
    private enum Source {
        /// Bytes in memory: the parts' heads and JSON, or a file's contents (which progress counts).
        case bytes(Data, isFile: Bool)
        case file(FileHandle, length: Int, path: String)
    }

    private var sources: [Source]
    private var index = 0
    /// How far into the current source the reader is.
    private var offset = 0
    private let operationName: String
    private let progress: UploadProgressReporter?
    private var fileBytesRead = 0

    init(segments: [MultipartUploadBody.Segment], operationName: String, progress: UploadProgressReporter?) throws {
        self.operationName = operationName
        self.progress = progress
        var sources: [Source] = []
        var opened: [FileHandle] = []
        do {
            for segment in segments {
                switch segment {
                case .bytes(let data):
                    sources.append(.bytes(data, isFile: false))
                case .file(let file, let length, let paths):
                    switch file.contents {
                    case .data(let data):
                        sources.append(.bytes(data, isFile: true))
                    case .file(let url):
                        let handle = try Self.open(url, length: length, path: paths[0], operationName: operationName)
                        opened.append(handle)
                        sources.append(.file(handle, length: length, path: paths[0]))
                    }
                }
            }
        } catch {
            for handle in opened { try? handle.close() }
            throw error
        }
        self.sources = sources
    }

    func read(upTo maxLength: Int) throws -> Data {
        while index < sources.count {
            switch sources[index] {
            case .bytes(let data, let isFile):
                let remaining = data.count - offset
                guard remaining > 0 else {
                    advance()
                    continue
                }
                let count = min(remaining, maxLength)
                let start = data.startIndex + offset
                offset += count
                if isFile {
                    fileBytesRead += count
                    progress?.report(fileBytesRead)
                }
                return data[start..<start + count]
            case .file(let handle, let length, let path):
                let remaining = length - offset
                guard remaining > 0 else {
                    // A file that grew would send bytes the `Content-Length` does not count.
                    if let extra = try? handle.read(upToCount: 1), !extra.isEmpty {
                        throw changed(path, "grew")
                    }
                    advance()
                    continue
                }
                let chunk: Data
                do {
                    chunk = try handle.read(upToCount: min(remaining, maxLength)) ?? Data()
                } catch {
                    throw APIError(
                        .invalidRequest, operationName: operationName, underlying: error,
                        reason: "the file for \(path) could not be read while it was sent")
                }
                guard !chunk.isEmpty else { throw changed(path, "shrank") }
                offset += chunk.count
                fileBytesRead += chunk.count
                progress?.report(fileBytesRead)
                return chunk
            }
        }
        return Data()
    }

    func close() {
        for case .file(let handle, _, _) in sources { try? handle.close() }
        sources = []
    }

    deinit {
        close()
    }

    private func advance() {
        index += 1
        offset = 0
    }

    private func changed(_ path: String, _ how: String) -> APIError {
        APIError(
            .invalidRequest, operationName: operationName,
            reason: "the file for \(path) \(how) after the request was built")
    }

    /// Opens a file and checks that it still has the size the body was built with.
    private static func open(
        _ url: URL, length: Int, path: String, operationName: String
    ) throws(APIError)
        -> FileHandle
    {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw APIError(
                .invalidRequest, operationName: operationName, underlying: error,
                reason: "the file for \(path) can no longer be read")
        }
        let size = (try? handle.seekToEnd()).map(Int.init)
        guard size == length, (try? handle.seek(toOffset: 0)) != nil else {
            try? handle.close()
            throw APIError(
                .invalidRequest, operationName: operationName,
                reason: "the file for \(path) changed size after the request was built")
        }
        return handle
    }
}
