import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation

/// The shared corpus of real-world JSON that the reader is checked against, in `../shared/corpus` beside the
/// package.
enum JSONTestCorpus {
    /// The corpus folder, found from this file's location so that tests run from any working directory.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Parsing
        .deletingLastPathComponent()  // APICoreJSONTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the development package
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("../shared/corpus")
        .standardizedFileURL

    /// The paths of every `.json` file in the corpus, relative to ``directory`` and sorted; empty if it is missing.
    static func jsonFiles() -> [String] {
        let root = directory.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".json") { paths.append(path) }
        }
        return paths.sorted()
    }

    /// The paths of the corpus's `.json` files smaller than `size` bytes, sorted.
    static func jsonFiles(smallerThan size: Int) -> [String] {
        jsonFiles().filter { path in
            let file = directory.appendingPathComponent(path).path
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            return ((attributes?[.size] as? NSNumber)?.intValue ?? .max) < size
        }
    }

    /// The contents of the corpus file at `path`, relative to ``directory``.
    static func contents(of path: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(path))
    }
}

/// Reads JSON with Foundation's `JSONSerialization`, the reference the reader is compared with.
enum FoundationJSON {
    /// The value `JSONSerialization` reads from `data`, or `nil` when it rejects the data.
    static func read(_ data: Data) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
            return nil
        }
        return value(of: object)
    }

    /// Converts what `JSONSerialization` returns to a ``JSONValue``.
    ///
    /// Numbers need care: Booleans are `NSNumber`s whose type encoding is `c`; integers outside `Int64` arrive as
    /// unsigned or decimal numbers; and only numbers read as `d` were written with a fraction or exponent.
    static func value(of object: Any) -> JSONValue {
        // Containers first: they are the most common, and failed casts to NSNumber are slow for them.
        if let dictionary = object as? [String: Any] {
            return .object(JSONObject(dictionary.map { ($0.key, value(of: $0.value)) }))
        }
        if let array = object as? [Any] {
            return .array(array.map(value(of:)))
        }
        switch object {
        case let string as String:
            return .string(string)
        case is NSNull:
            return .null
        case let decimal as NSDecimalNumber:
            let text = decimal.stringValue
            if let integer = Int64(text) { return .int(integer) }
            return .double(Double(text)!)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            case "Q":
                let unsigned = number.uint64Value
                return unsigned <= Int64.max ? .int(Int64(unsigned)) : .double(Double(unsigned))
            default: return .int(number.int64Value)
            }
        default:
            preconditionFailure("JSONSerialization returned an unexpected \(type(of: object))")
        }
    }
}

extension JSONValue {
    /// Where `self` and `other` first differ, as a path such as `$.data.items[3].id`, or `nil` when they are equal.
    ///
    /// Tests report this instead of the two values, which can be megabytes long.
    func firstDifference(from other: JSONValue) -> String? {
        guard let (path, detail) = difference(from: other) else { return nil }
        return "$" + path.reversed().joined() + ": " + detail
    }

    /// The path to the first difference, innermost component first, and what differs there.
    private func difference(from other: JSONValue) -> (path: [String], detail: String)? {
        switch (self, other) {
        case (.array(let elements), .array(let otherElements)):
            guard elements.count == otherElements.count else {
                return ([], "\(elements.count) elements instead of \(otherElements.count)")
            }
            for index in elements.indices {
                if var found = elements[index].difference(from: otherElements[index]) {
                    found.path.append("[\(index)]")
                    return found
                }
            }
            return nil
        case (.object(let object), .object(let otherObject)):
            guard object.count == otherObject.count else {
                return ([], "\(object.count) members instead of \(otherObject.count)")
            }
            for (key, value) in object.members {
                guard let otherValue = otherObject[key] else { return ([], "unexpected member \(key)") }
                if var found = value.difference(from: otherValue) {
                    found.path.append(".\(key)")
                    return found
                }
            }
            return nil
        default:
            return self == other ? nil : ([], "\(self) instead of \(other)")
        }
    }
}
