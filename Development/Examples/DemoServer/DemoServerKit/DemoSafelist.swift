import Foundation

/// The operations a demo server executes by persisted-query id, read from a manifest in Apollo's format, as the
/// code generator writes it (`output.operationManifest`):
/// `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "body", "name", "type"}]}`.
///
/// A request whose `extensions.persistedQuery.sha256Hash` is a listed id runs that operation's body; one with an id
/// that is not listed and no document gets `PersistedQueryNotFound`. With ``refusesOtherDocuments``, a request with
/// a document that is not one of the listed bodies is refused, as a safelist-only server (Apollo Router's
/// `safelist.require_id` off, `safelist.enabled` on) does.
public struct DemoSafelist: Sendable {
    /// The manifest format this reads.
    static let format = "apollo-persisted-query-manifest"

    /// Each listed operation's body, by id.
    let bodies: [String: String]
    /// The listed bodies, to recognise a listed document sent whole.
    let listedBodies: Set<String>
    /// Whether a document that is not in the safelist is refused.
    public let refusesOtherDocuments: Bool

    /// The number of listed operations.
    public var count: Int { bodies.count }

    /// The safelist of the manifest at `url`; fails with ``DemoServerError/invalidSafelist(path:reason:)`` when the
    /// file cannot be read or is not such a manifest.
    public init(manifestAt url: URL, refusesOtherDocuments: Bool = false) throws(DemoServerError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidSafelist(path: url.path, reason: "the file cannot be read (\(error.localizedDescription))")
        }
        do {
            try self.init(manifest: data, refusesOtherDocuments: refusesOtherDocuments)
        } catch let DemoServerError.invalidSafelist(_, reason) {
            throw .invalidSafelist(path: url.path, reason: reason)
        }
    }

    /// The safelist of a manifest's bytes; fails with ``DemoServerError/invalidSafelist(path:reason:)`` (without a
    /// path) when they are not such a manifest.
    public init(manifest data: Data, refusesOtherDocuments: Bool = false) throws(DemoServerError) {
        func invalid(_ reason: String) -> DemoServerError { .invalidSafelist(path: nil, reason: reason) }
        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw invalid("it is not valid JSON") }
        guard let manifest = root as? [String: Any] else { throw invalid("its top level is not a JSON object") }
        guard manifest["format"] as? String == Self.format else {
            throw invalid("its \"format\" is not \"\(Self.format)\"")
        }
        guard (manifest["version"] as? NSNumber)?.intValue == 1 else { throw invalid("its \"version\" is not 1") }
        guard let operations = manifest["operations"] as? [Any] else {
            throw invalid("it has no \"operations\" array")
        }
        var bodies: [String: String] = [:]
        for (index, entry) in operations.enumerated() {
            guard let operation = entry as? [String: Any], let id = operation["id"] as? String,
                let body = operation["body"] as? String
            else {
                throw invalid("operations[\(index)] is not an object with a string \"id\" and \"body\"")
            }
            if let listed = bodies[id], listed != body {
                throw invalid("operations[\(index)] repeats the id \(id) with another body")
            }
            bodies[id] = body
        }
        self.bodies = bodies
        listedBodies = Set(bodies.values)
        self.refusesOtherDocuments = refusesOtherDocuments
    }

    /// The body listed under `id`, if any.
    func body(id: String) -> String? { bodies[id] }

    /// Whether `document` is one of the listed bodies, as written.
    func lists(document: String) -> Bool { listedBodies.contains(document) }
}
