import APICoreGraphQL

/// The array an unkeyed encoding container fills in.
final class JSONPendingArray {
    // Safety: as in `JSONPendingObject`, the properties skip the runtime's exclusivity checks; every access is
    // instantaneous and none calls into other code.

    @exclusivity(unchecked) private var elements: [JSONValue] = []

    /// Elements whose values are still open: nested containers and super encoders. Their place in `elements` holds
    /// a placeholder until ``resolved()``.
    @exclusivity(unchecked) private var openElements: [(index: Int, value: JSONPendingValue)] = []

    /// The number of elements so far.
    var count: Int { elements.count }

    func append(_ value: JSONValue) {
        elements.append(value)
    }

    /// Appends an element whose value will be read when the array is resolved.
    func appendOpen(_ value: JSONPendingValue) {
        openElements.append((elements.count, value))
        elements.append(.null)
    }

    /// The array with its open elements as encoded so far.
    func resolved() -> JSONValue {
        guard !openElements.isEmpty else { return .array(elements) }
        var result = elements
        for (index, value) in openElements { result[index] = value.resolved() }
        return .array(result)
    }
}
