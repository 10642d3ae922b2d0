extension GeneratedFile {
    /// The Swift files among `files` as one source text, their common header once: for the build plugin, whose
    /// output files must be named before anything is generated.
    public static func combined(_ files: [GeneratedFile]) -> String {
        var text = TemplateContext.header
        for file in files where file.path.hasSuffix(".swift") {
            precondition(
                file.contents.hasPrefix(TemplateContext.header), "a generated Swift file starts with the header")
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            text += "// MARK: - \(name)\n\n" + file.contents.dropFirst(TemplateContext.header.count) + "\n"
        }
        return text
    }
}
