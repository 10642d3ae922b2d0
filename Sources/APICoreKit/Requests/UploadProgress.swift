/// How much of an upload's files has been sent: what a progress bar shows.
public struct UploadProgress: Sendable, Hashable {
    /// The files' bytes handed to the connection so far (each distinct file counted once).
    public var bytesSent: Int
    /// The files' bytes in all (each distinct file counted once).
    public var totalBytes: Int

    /// Progress of `bytesSent` out of `totalBytes`.
    public init(bytesSent: Int, totalBytes: Int) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes`, from 0 to 1; 1 when there is nothing to send.
    public var fractionCompleted: Double {
        totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes)
    }
}
