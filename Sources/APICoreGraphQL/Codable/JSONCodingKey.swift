/// A coding key made at run time: object members whose names are data, and array positions in coding paths.
struct JSONCodingKey: CodingKey, Sendable {
    /// The key `superDecoder()` and `superEncoder()` use, as Foundation's coders do.
    static let superKey = JSONCodingKey(stringValue: "super")

    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key that stands for a position in an array, spelled `Index 3` as Foundation's coders spell it.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
}

/// One step of a coding path, kept cheap to push: keys are materialised as `CodingKey` values only when a coding
/// path is asked for (mostly when an error is thrown).
enum JSONCodingPathComponent {
    /// A key of the type being coded.
    case key(any CodingKey)
    /// A member name that is data, such as a `[String: Value]` dictionary key.
    case name(String)
    /// A position in an array.
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .name(let name): JSONCodingKey(stringValue: name)
        case .index(let index): JSONCodingKey(index: index)
        }
    }
}
