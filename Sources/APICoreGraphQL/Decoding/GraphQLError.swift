/// An error in a GraphQL response's `errors` list: data, not a failure, since it can come with partial data.
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A position in the request document.
    public struct Location: Sendable, Hashable {
        /// The line in the document, counting from 1.
        public let line: Int
        /// The column in the line, counting from 1.
        public let column: Int

        /// A position at the given line and column of the document.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The server's message.
    public let message: String
    /// Where in the document the error arose.
    public let locations: [Location]
    /// The response path of the field that failed, when it was a field error.
    public let path: ResponsePath?
    /// The server's extensions, such as `code`.
    public let extensions: JSONObject

    /// An error with the given members.
    public init(
        message: String,
        locations: [Location] = [],
        path: ResponsePath? = nil,
        extensions: JSONObject = JSONObject()
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// Reads an error from its JSON; members of the wrong shape are dropped rather than failing the whole response.
    @_optimize(size)
    public init(json: JSONValue) {
        guard case .object(let object) = json else {
            self.init(message: json.stringValue ?? "malformed error entry")
            return
        }
        let locations = (object["locations"]?.arrayValue ?? []).compactMap { entry -> Location? in
            guard let line = entry["line"]?.intValue, let column = entry["column"]?.intValue else { return nil }
            return Location(line: Int(line), column: Int(column))
        }
        let path = object["path"]?.arrayValue.map { components in
            ResponsePath(
                components.compactMap { component -> ResponsePath.Component? in
                    switch component {
                    case .string(let name): .field(name)
                    case .int(let index): .index(Int(index))
                    default: nil
                    }
                }
            )
        }
        self.init(
            message: object["message"]?.stringValue ?? "error without a message",
            locations: locations,
            path: path,
            extensions: object["extensions"]?.objectValue ?? JSONObject()
        )
    }

    /// The `code` extension, when the server sent one (`PERSISTED_QUERY_NOT_FOUND`, `UNAUTHENTICATED`, ...).
    public var code: String? { extensions["code"]?.stringValue }

    /// The error as JSON, in the shape the spec defines.
    @_optimize(size)
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["message"] = .string(message)
        if !locations.isEmpty {
            object["locations"] = .array(
                locations.map { ["line": .int(Int64($0.line)), "column": .int(Int64($0.column))] })
        }
        if let path { object["path"] = .array(path.components.map(\.jsonValue)) }
        if !extensions.isEmpty { object["extensions"] = .object(extensions) }
        return .object(object)
    }

    /// The message, followed by the response path when the error has one: `Not found (at user.friends.0)`.
    @_optimize(size)
    public var description: String {
        if let path, !path.isEmpty { return "\(message) (at \(path))" }
        return message
    }
}
