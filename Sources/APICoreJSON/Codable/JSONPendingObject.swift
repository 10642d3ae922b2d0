import APICoreGraphQL

/// The object a keyed encoding container fills in, with members in the order they were first encoded.
final class JSONPendingObject {
    // Safety: the properties skip the runtime's exclusivity checks (about a sixth of encoding time). Every access
    // is instantaneous and none calls into other code; resolving open members reads other instances only, since
    // nested containers always get new ones.

    @exclusivity(unchecked) private var object = JSONObject()

    /// Members whose values are still open: nested containers and super encoders. Their place in `object` holds a
    /// placeholder until ``resolved()``.
    @exclusivity(unchecked) private var openMembers: [(key: String, value: JSONPendingValue)] = []

    /// Sets a member, replacing the value of an existing one in place.
    func set(_ value: JSONValue, forKey key: String) {
        if !openMembers.isEmpty { openMembers.removeAll { $0.key == key } }
        object[key] = value
    }

    /// Sets a member whose value will be read when the object is resolved.
    func setOpen(_ value: JSONPendingValue, forKey key: String) {
        set(.null, forKey: key)
        openMembers.append((key, value))
    }

    /// The object with its open members as encoded so far.
    func resolved() -> JSONValue {
        guard !openMembers.isEmpty else { return .object(object) }
        var result = object
        for (key, value) in openMembers { result[key] = value.resolved() }
        return .object(result)
    }
}
