/// The specification's BlockStringValue algorithm, over UTF-8 bytes.
///
/// The raw text of a block string (between its `"""` delimiters) is split into lines at `\n`, `\r\n` and `\r`; the
/// common indentation of the lines after the first (counting only lines with something other than spaces and tabs)
/// is removed from each of them; leading and trailing lines of only spaces and tabs are dropped; the lines are joined
/// with `\n`; and each `\"""` becomes `"""`.
enum BlockString {
    /// Appends the value of the block string whose raw text is `raw` to `output`.
    ///
    /// `hasEscapes` says whether `raw` may contain `\"""`; without, lines are copied as they are.
    static func appendValue(of raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool = true, to output: inout [UInt8]) {
        // First pass: the common indentation and the first and last lines with content.
        var commonIndent = Int.max
        var firstContentLine = -1
        var lastContentLine = -1
        var lineIndex = 0
        var start = 0
        while start <= raw.count {
            let (end, next) = lineEnd(in: raw, from: start)
            var index = start
            while index < end, raw[index] == space || raw[index] == tab { index += 1 }
            if index < end {
                if lineIndex > 0, index - start < commonIndent { commonIndent = index - start }
                if firstContentLine < 0 { firstContentLine = lineIndex }
                lastContentLine = lineIndex
            }
            lineIndex += 1
            start = next
        }
        guard firstContentLine >= 0 else { return }
        // Second pass: the lines from the first to the last with content, less the common indentation.
        lineIndex = 0
        start = 0
        while lineIndex <= lastContentLine {
            let (end, next) = lineEnd(in: raw, from: start)
            if lineIndex >= firstContentLine {
                if lineIndex > firstContentLine { output.append(newline) }
                let dropped = lineIndex > 0 ? min(commonIndent, end - start) : 0
                if hasEscapes {
                    appendUnescaped(raw, from: start + dropped, to: end, to: &output)
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[start + dropped..<end]))
                }
            }
            lineIndex += 1
            start = next
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The end of the line that starts at `start`, and the start of the next one (past `raw.count` after the last).
    @inline(__always)
    private static func lineEnd(in raw: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, next: Int) {
        var index = ByteScanner.skip(
            raw.baseAddress!, from: start, before: raw.count, avoiding: newline, carriageReturn, newline, newline)
        while index < raw.count {
            let byte = raw[index]
            if byte == newline { return (index, index + 1) }
            if byte == carriageReturn {
                return (index, index + 1 < raw.count && raw[index + 1] == newline ? index + 2 : index + 1)
            }
            index += 1
        }
        return (raw.count, raw.count + 1)
    }

    /// Appends `raw[start..<end]` to `output`, with each `\"""` turned into `"""`.
    private static func appendUnescaped(
        _ raw: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, to output: inout [UInt8]
    ) {
        var runStart = start
        var index = start
        while index < end {
            if raw[index] == UInt8(ascii: "\\"), index + 3 < end, raw[index + 1] == UInt8(ascii: "\""),
                raw[index + 2] == UInt8(ascii: "\""), raw[index + 3] == UInt8(ascii: "\"")
            {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index]))
                runStart = index + 1
                index += 4
            } else {
                index += 1
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<end]))
    }
}
