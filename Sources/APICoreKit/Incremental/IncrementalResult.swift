/// Merges the payloads of an incrementally delivered response (`@defer`, `@stream`) into one response body.
///
/// Both formats servers send today are understood:
/// - the current proposal (graphql-js 17, strawberry): the first payload announces `pending` results by id and
///   path; later ones carry `incremental` entries `{id, data, subPath?}` or `{id, items}`, and `completed` ids;
/// - the older one (graphql-js 16 experimental, Apollo's `deferSpec=20220824`): entries carry their own `path`
///   (and `label`), either in an `incremental` list or, older still, as a payload's own `data` and `path`.
///
/// A payload that fits neither, or points at a path that does not exist, throws ``APIError/Code/invalidResponse``.
struct IncrementalResult {
    private(set) var data: JSONObject?
    private(set) var errors: [GraphQLError] = []
    private(set) var extensions = JSONObject()
    private(set) var hasNext = true
    private var pendingPaths: [String: [JSONValue]] = [:]
    private var isFirst = true

    /// The response so far.
    var body: GraphQLResponseBody { GraphQLResponseBody(data: data, errors: errors, extensions: extensions) }

    /// Applies the next payload.
    mutating func apply(_ payload: JSONValue) throws(APIError) {
        guard case .object(let object) = payload else { throw Self.invalid("a payload must be a JSON object") }
        hasNext = object["hasNext"]?.boolValue ?? false
        appendErrors(object["errors"])
        if case .object(let more)? = object["extensions"] {
            for (key, value) in more.members { extensions[key] = value }
        }
        registerPending(object["pending"])
        if isFirst {
            isFirst = false
            guard let body = GraphQLResponseBody(json: payload) else {
                throw Self.invalid("the first payload has neither data nor errors")
            }
            data = body.data
            return
        }
        if case .array(let entries)? = object["incremental"] {
            for entry in entries { try applyEntry(entry) }
        } else if object["path"] != nil {
            // The payload is its own entry; its errors are already in.
            try applyEntry(payload, appendingErrors: false)
        }
        if case .array(let completed)? = object["completed"] {
            for entry in completed {
                appendErrors(entry["errors"])
                if case .string(let id)? = entry["id"] { pendingPaths[id] = nil }
            }
        }
    }

    private mutating func appendErrors(_ value: JSONValue?) {
        guard case .array(let entries)? = value else { return }
        errors += entries.map(GraphQLError.init(json:))
    }

    private mutating func registerPending(_ value: JSONValue?) {
        guard case .array(let entries)? = value else { return }
        for entry in entries {
            if case .string(let id)? = entry["id"], case .array(let path)? = entry["path"] { pendingPaths[id] = path }
        }
    }

    private mutating func applyEntry(_ entry: JSONValue, appendingErrors: Bool = true) throws(APIError) {
        guard case .object(let object) = entry else { throw Self.invalid("an incremental entry must be an object") }
        if appendingErrors { appendErrors(object["errors"]) }
        var path: [JSONValue]
        if case .array(let explicit)? = object["path"] {
            path = explicit
        } else if case .string(let id)? = object["id"], let pending = pendingPaths[id] {
            path = pending
        } else {
            throw Self.invalid("an incremental entry without a path or a known id")
        }
        if case .array(let subPath)? = object["subPath"] { path += subPath }
        guard var root = data else { return }  // null data stays null: the errors say why
        switch (object["data"], object["items"]) {
        case (.object(let fields)?, _):
            try Self.merge(fields, into: &root, at: path[...])
        case (.null?, _):
            break
        case (_, .array(let items)?):
            try Self.append(items, into: &root, at: path[...])
        default:
            throw Self.invalid("an incremental entry without data or items")
        }
        data = root
    }

    private static func merge(
        _ fields: JSONObject, into object: inout JSONObject, at path: ArraySlice<JSONValue>
    )
        throws(APIError)
    {
        guard let head = path.first else {
            for (key, value) in fields.members {
                if case .object(let incoming) = value, case .object(var existing)? = object[key] {
                    try merge(incoming, into: &existing, at: [])
                    object[key] = .object(existing)
                } else {
                    object[key] = value
                }
            }
            return
        }
        guard case .string(let key) = head, let child = object[key] else {
            throw invalid("an incremental path does not exist in the data")
        }
        object[key] = try merge(fields, into: child, at: path.dropFirst())
    }

    private static func merge(
        _ fields: JSONObject, into value: JSONValue, at path: ArraySlice<JSONValue>
    )
        throws(APIError) -> JSONValue
    {
        switch value {
        case .object(var object):
            try merge(fields, into: &object, at: path)
            return .object(object)
        case .array(var elements):
            guard case .int(let index)? = path.first, elements.indices.contains(Int(index)) else {
                throw invalid("an incremental path does not exist in the data")
            }
            elements[Int(index)] = try merge(fields, into: elements[Int(index)], at: path.dropFirst())
            return .array(elements)
        case .null:
            return .null  // an ancestor was nulled by an error
        default:
            throw invalid("an incremental path does not exist in the data")
        }
    }

    private static func append(
        _ items: [JSONValue], into object: inout JSONObject, at path: ArraySlice<JSONValue>
    )
        throws(APIError)
    {
        guard case .string(let key)? = path.first, let child = object[key] else {
            throw invalid("an incremental path does not exist in the data")
        }
        if path.count == 1 {
            guard case .array(let existing) = child else {
                throw invalid("streamed items for a field that is not a list")
            }
            object[key] = .array(existing + items)
            return
        }
        guard case .object(var nested) = child else { throw invalid("an incremental path does not exist in the data") }
        try append(items, into: &nested, at: path.dropFirst())
        object[key] = .object(nested)
    }

    private static func invalid(_ reason: String) -> APIError {
        APIError(.invalidResponse, reason: "incremental delivery: \(reason)")
    }
}
