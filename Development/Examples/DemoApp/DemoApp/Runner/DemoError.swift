/// Why a demo step could not go on.
public struct DemoError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words for the terminal.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
