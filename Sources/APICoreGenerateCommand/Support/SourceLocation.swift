/// A position in a text, for compiler-style messages: `file:line:column: error: message`.
///
/// Lines and columns count from 1; columns count UTF-8 bytes, as compilers do.
package struct SourceLocation: Hashable, CustomStringConvertible {
    /// The file name, or a stand-in such as `--variables` for text from the command line.
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column in UTF-8 bytes, from 1.
    package var column: Int

    /// The location of byte `offset` in `bytes`; an offset at the end points just past the last byte.
    package init(file: String, offset: Int, in bytes: [UInt8]) {
        let prefix = bytes.prefix(max(0, min(offset, bytes.count)))
        let lastNewline = prefix.lastIndex(of: UInt8(ascii: "\n"))
        self.file = file
        line = prefix.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        column = prefix.count - (lastNewline.map { $0 + 1 } ?? 0) + 1
    }

    /// `file:line:column`.
    package var description: String { "\(file):\(line):\(column)" }
}
