import APICoreCompiler
import Foundation

/// Expands search paths with `*`, `?` and `**` (any number of folders) into the files they match, sorted.
enum PathGlob {
    /// The files matching `pattern`, an absolute path or glob.
    static func files(matching pattern: String) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let firstWild = components.firstIndex(where: { $0.contains("*") || $0.contains("?") }) else {
            return FileManager.default.fileExists(atPath: pattern) ? [pattern] : []
        }
        let root = components[..<firstWild].joined(separator: "/")
        let rest = Array(components[firstWild...])
        let base = root.isEmpty ? "/" : root
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let parts = relative.split(separator: "/").map(String.init)
            guard matches(rest[...], parts[...]) else { continue }
            let full = (base as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                result.append(full)
            }
        }
        return result.sorted()
    }

    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            if matches(pattern.dropFirst(), path) { return true }
            return !path.isEmpty && matches(pattern, path.dropFirst())
        }
        guard let name = path.first, wildcard(Array(first.utf8)[...], Array(name.utf8)[...]) else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    private static func wildcard(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            if wildcard(pattern.dropFirst(), name) { return true }
            return !name.isEmpty && wildcard(pattern, name.dropFirst())
        case UInt8(ascii: "?"):
            return !name.isEmpty && wildcard(pattern.dropFirst(), name.dropFirst())
        default:
            return name.first == first && wildcard(pattern.dropFirst(), name.dropFirst())
        }
    }
}
