extension GeneratedFile {
    /// The Swift files among `files` as one source text, their imports once: for the build plugin, whose output
    /// files must be named before anything is generated.
    public static func combined(_ files: [GeneratedFile]) -> String {
        var imports: [Substring] = ["import APICoreGraphQL"]
        var bodies = ""
        for file in files where file.path.hasSuffix(".swift") {
            precondition(
                file.contents.hasPrefix(TemplateContext.preamble), "a generated Swift file starts with the preamble")
            let rest = file.contents.dropFirst(TemplateContext.preamble.count)
            let end = rest.range(of: "\n\n")!
            for line in rest[..<end.lowerBound].split(separator: "\n") where !imports.contains(line) {
                imports.append(line)
            }
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            bodies += "// MARK: - \(name)\n\n" + rest[end.upperBound...] + "\n"
        }
        return TemplateContext.preamble + imports.joined(separator: "\n") + "\n\n" + bodies
    }
}
