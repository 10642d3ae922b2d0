extension GraphQLFile {
    /// The media type a file name extension suggests (without regard to case), or ``defaultContentType`` for an
    /// extension not known here.
    public static func contentType(forPathExtension pathExtension: String) -> String {
        contentTypes[pathExtension.lowercased()] ?? defaultContentType
    }

    /// Common extensions and their media types.
    private static let contentTypes: [String: String] = [
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "html": "text/html", "htm": "text/html",
        "css": "text/css", "js": "text/javascript", "xml": "application/xml", "json": "application/json",
        "graphql": "application/graphql", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "svg": "image/svg+xml", "bmp": "image/bmp", "tif": "image/tiff",
        "tiff": "image/tiff", "ico": "image/x-icon", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
        "ogg": "audio/ogg", "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
}
