/// Accumulates printed text, indenting each non-empty line by two spaces per open block.
struct PrintWriter {
    /// The text so far.
    private(set) var text = ""
    /// The indentation of the current level.
    private var indentation = ""
    /// Whether nothing has been written on the current line yet.
    private var isAtLineStart = true

    /// Writes `piece`; the lines after each line break in it are indented like any other line.
    mutating func write(_ piece: String) {
        guard piece.utf8.contains(UInt8(ascii: "\n")) else {
            writeLinePart(piece)
            return
        }
        var isFirst = true
        for line in piece.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if !isFirst { newline() }
            isFirst = false
            writeLinePart(String(Substring(line)))
        }
    }

    /// Ends the current line.
    mutating func newline() {
        text += "\n"
        isAtLineStart = true
    }

    /// Writes `{` and indents the lines after it one level more.
    mutating func openBlock() {
        write("{")
        indentation += "  "
    }

    /// Starts a line for the next item of the open block.
    mutating func nextItem() {
        newline()
    }

    /// Writes `}` on a line of its own, one level less indented.
    mutating func closeBlock() {
        indentation.removeLast(2)
        newline()
        write("}")
    }

    private mutating func writeLinePart(_ piece: String) {
        guard !piece.isEmpty else { return }
        if isAtLineStart {
            text += indentation
            isAtLineStart = false
        }
        text += piece
    }
}
