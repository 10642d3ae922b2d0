/// What went wrong reading or writing the ``EntityStore``.
public struct EntityStoreError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The kind of failure; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// A code with the given name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The SQLite file could not be opened, read or written.
        public static let storage = Code("storage")
        /// An entity could not be encoded for storage.
        public static let encoding = Code("encoding")
        /// A stored entity could not be decoded (its type changed, or the row is damaged).
        public static let corruptEntity = Code("corruptEntity")

        /// The code's name, such as `corruptEntity`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The entity type's ``FragmentUpdatable/entityName``, if one entity type is involved.
    public let entityName: String?
    /// The entity's id, if one entity is involved.
    public let entityID: String?
    /// More detail; never contains entity values.
    public let reason: String?
    /// The error underneath, such as a decoding or SQLite error.
    public let underlying: (any Error)?

    /// An error.
    public init(
        _ code: Code, entityName: String? = nil, entityID: String? = nil, reason: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.entityName = entityName
        self.entityID = entityID
        self.reason = reason
        self.underlying = underlying
    }

    /// The code, entity name, entity id and reason, as far as known; never entity values.
    public var description: String {
        var text = "entity store \(code.rawValue)"
        if let entityName { text += " for \(entityName)" }
        if let entityID { text += " \(entityID)" }
        if let reason { text += ": \(reason)" }
        return text
    }

    /// The description followed by the underlying error as `String(reflecting:)` renders it, which may hold more
    /// detail.
    public var debugDescription: String {
        guard let underlying else { return description }
        return description + " (\(String(reflecting: underlying)))"
    }

    /// `error` itself when it is an entity store error, else a `.storage` error wrapping it.
    static func wrapping(_ error: any Error, reason: String) -> EntityStoreError {
        (error as? EntityStoreError)
            ?? EntityStoreError(.storage, reason: reason + SQLiteDatabase.because(error), underlying: error)
    }
}
