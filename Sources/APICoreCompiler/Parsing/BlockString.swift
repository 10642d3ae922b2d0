/// The specification's BlockStringValue algorithm, over UTF-8 bytes.
///
/// The raw text of a block string (between its `"""` delimiters) is split into lines at `\n`, `\r\n` and `\r`; the
/// common indentation of the lines after the first (counting only lines with something other than spaces and tabs)
/// is removed from each of them; leading and trailing lines of only spaces and tabs are dropped; the lines are joined
/// with `\n`; and each `\"""` becomes `"""`.
enum BlockString {
    /// Appends the value of the block string whose raw text is `raw` to `output`.
    static func appendValue(of raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var commonIndent: Int?
        var firstContentLine: Int?
        var lastContentLine = 0
        var lineIndex = 0
        forEachLine(of: raw) { start, end in
            var index = start
            while index < end, raw[index] == UInt8(ascii: " ") || raw[index] == UInt8(ascii: "\t") { index += 1 }
            if index < end {
                let indent = index - start
                if lineIndex > 0, indent < commonIndent ?? .max { commonIndent = indent }
                if firstContentLine == nil { firstContentLine = lineIndex }
                lastContentLine = lineIndex
            }
            lineIndex += 1
        }
        guard let firstContentLine else { return }
        lineIndex = 0
        forEachLine(of: raw) { start, end in
            defer { lineIndex += 1 }
            guard lineIndex >= firstContentLine, lineIndex <= lastContentLine else { return }
            if lineIndex > firstContentLine { output.append(UInt8(ascii: "\n")) }
            let dropped = lineIndex > 0 ? min(commonIndent ?? 0, end - start) : 0
            appendUnescaped(raw, from: start + dropped, to: end, to: &output)
        }
    }

    /// The value of the block string whose raw text is `raw`.
    static func value(of raw: [UInt8]) -> String {
        var output: [UInt8] = []
        raw.withUnsafeBufferPointer { appendValue(of: $0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Calls `body` with the start and end offsets of each line of `raw`.
    private static func forEachLine(of raw: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Void) {
        var start = 0
        var index = 0
        while index < raw.count {
            switch raw[index] {
            case UInt8(ascii: "\n"):
                body(start, index)
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                body(start, index)
                index += index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        body(start, raw.count)
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
