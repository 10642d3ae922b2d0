/// Limits the parser applies, so that hostile or broken input fails with a located error instead of exhausting the
/// stack or the time of the process that parses it.
public struct ParseOptions: Sendable, Hashable {
    /// How deep selection sets, list and object values, and list types may nest inside each other.
    ///
    /// Deeper input is a syntax error at the token that opens the level too many, never a stack overflow.
    public var maximumDepth: Int = 256

    /// The most tokens a document may have (comments are not counted); `nil` for no limit.
    public var maximumTokens: Int? = nil

    /// Options; the defaults suit any real document.
    public init(maximumDepth: Int = 256, maximumTokens: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumTokens = maximumTokens
    }
}
