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

/// Where a decoder or encoder state is: the coding path above its root value (for detached instances) and the stack
/// of keys and indices leading from the root to the value being coded.
struct JSONCodingPath {
    /// The coding path above the root value.
    let base: [any CodingKey]
    /// The keys and indices from the root value to the value being coded.
    private(set) var components: [JSONCodingPathComponent] = []

    init(base: [any CodingKey]) {
        self.base = base
    }

    /// How deep the value being coded is below the root.
    var depth: Int { components.count }

    /// Steps into a nested value.
    mutating func push(_ component: JSONCodingPathComponent) {
        components.append(component)
    }

    /// Steps back out of the innermost nested value.
    mutating func pop() {
        components.removeLast()
    }
}

/// A decoder or encoder state that tracks its coding path in a ``JSONCodingPath``; containers record the depth they
/// were made at and build their coding paths from it only when asked.
protocol JSONCodingState: AnyObject {
    /// The state's coding path.
    var path: JSONCodingPath { get }
}

extension JSONCodingState {
    /// The depth of the value being coded, which containers record.
    var depth: Int { path.depth }

    /// The coding path of the value being coded.
    var codingPath: [any CodingKey] { codingPath(depth: depth) }

    /// The coding path of a container made at `depth`.
    func codingPath(depth: Int) -> [any CodingKey] {
        path.base + path.components.prefix(depth).map(\.codingKey)
    }

    /// The coding path of `component` inside a container made at `depth`.
    func codingPath(depth: Int, appending component: JSONCodingPathComponent) -> [any CodingKey] {
        codingPath(depth: depth) + [component.codingKey]
    }
}
