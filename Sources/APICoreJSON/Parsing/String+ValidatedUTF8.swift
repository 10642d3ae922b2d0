extension String {
    /// The string of the `count` bytes at `bytes`, which the caller has already checked are valid UTF-8, without the
    /// standard library checking them again.
    ///
    /// `isASCII` must be `true` only when no byte is 0x80 or above; it should be `true` whenever that holds, since a
    /// string flagged as ASCII compares and indexes faster.
    @inline(__always)
    init(validatedUTF8 bytes: UnsafePointer<UInt8>, count: Int, isASCII: Bool) {
        let buffer = UnsafeBufferPointer(start: bytes, count: count)
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                // Safety: the caller validated the bytes as UTF-8, and claims ASCII only when it saw no byte of 0x80 or
                // above, as `UTF8Span(unchecked:isKnownASCII:)` requires of its arguments.
                self = String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: isASCII))
            } else {
                self = String(decoding: buffer, as: UTF8.self)
            }
        #else
            // `UTF8Span` came with Swift 6.2.
            self = String(decoding: buffer, as: UTF8.self)
        #endif
    }
}
