import APICoreGraphQL
import Foundation

/// Turns response data into records while it is decoded: the `GraphQLDecodingObserver` the store attaches to a
/// decode, so typed data and normalized records come out of one walk over the JSON.
///
/// For each object the decoder enters, the normalizer takes the fields its selection set selects (field names and
/// arguments from the static `GraphQLSelectionSet/__selections`), stores leaves as values and nested objects as
/// references to their own records. A fragment spread or type case enters the same object again with its own
/// selections, which merge into the same record.
///
/// The store runs it itself in `CacheStore/decode(_:from:variables:rootKey:maxAge:)`; code that runs the decode
/// elsewhere (a streaming transport) gets one from ``CacheStore/normalizer(rootKey:variables:maxAge:)`` and publishes
/// its ``records`` once the decode succeeded.
public final class ResponseNormalizer: GraphQLDecodingObserver {
    private struct FieldPlan {
        let responseKey: String
        let name: String
        let storageKey: String
        let type: GraphQLOutputType
        /// Whether the field holds objects, which need keys and paths; leaves need neither.
        let holdsObjects: Bool
    }

    private let rootKey: CacheKey
    private let variables: JSONObject
    private let resolver: CacheKeyResolver
    private let expiry: CacheExpiryPolicy
    private let maxAge: Duration?
    private let now: Date

    /// The records written so far.
    public private(set) var records = RecordSet()
    /// The key of each object met below the root, by response path, registered by its parent.
    private var keysByPath: [ResponsePath: CacheKey] = [:]
    /// The fields of each selection set, with storage keys resolved once per write.
    private var plans: [ObjectIdentifier: [FieldPlan]] = [:]

    init(
        rootKey: CacheKey,
        variables: JSONObject,
        resolver: CacheKeyResolver,
        expiry: CacheExpiryPolicy,
        maxAge: Duration?,
        now: Date
    ) {
        self.rootKey = rootKey
        self.variables = variables
        self.resolver = resolver
        self.expiry = expiry
        self.maxAge = maxAge
        self.now = now
    }

    /// Adds the record of an object the decoder entered: its key (the root's, the one its parent gave it, or the
    /// one the resolver computes), its selected fields as values or references, and their expiry dates.
    public func didEnter(object: JSONObject, as selectionSet: any GraphQLSelectionSet.Type, at path: ResponsePath) {
        let key =
            path.isEmpty
            ? rootKey
            : keysByPath[path]
                ?? resolver.key(for: object, staticTypename: Self.concreteName(of: selectionSet.__parentType))
                ?? rootKey
        let typename = object["__typename"]?.stringValue ?? Self.concreteName(of: selectionSet.__parentType)
        var record = Record(key: key)
        let expires = maxAge != nil || expiry.hasRules
        for plan in fieldPlans(for: selectionSet) {
            guard let json = object[plan.responseKey] else { continue }
            if plan.holdsObjects {
                record.fields[plan.storageKey] = value(
                    json, type: plan.type, baseKey: key.appending(field: plan.storageKey),
                    path: path.appending(.field(plan.responseKey)))
            } else {
                record.fields[plan.storageKey] = .value(json)
            }
            if expires,
                let timeToLive = expiry.timeToLive(typename: typename, field: plan.name, maxAge: maxAge)
            {
                record.expirations[plan.storageKey] = now.adding(timeToLive)
            }
        }
        records.add(record)
    }

    /// The record value of a field, registering the keys of the objects it holds.
    private func value(
        _ json: JSONValue, type: GraphQLOutputType, baseKey: CacheKey, path: ResponsePath
    )
        -> RecordValue
    {
        if case .null = json { return .null }
        switch type {
        case .nonNull(let inner):
            return value(json, type: inner, baseKey: baseKey, path: path)
        case .scalar:
            return .value(json)
        case .list(let element):
            guard case .array(let elements) = json else { return .value(json) }
            var values: [RecordValue] = []
            values.reserveCapacity(elements.count)
            for (index, item) in elements.enumerated() {
                values.append(
                    value(
                        item, type: element, baseKey: baseKey.appending(index: index),
                        path: path.appending(.index(index))))
            }
            return .list(values)
        case .object(let selectionSet):
            guard case .object(let object) = json else { return .value(json) }
            let key =
                resolver.key(for: object, staticTypename: Self.concreteName(of: selectionSet.__parentType)) ?? baseKey
            keysByPath[path] = key
            return .reference(key)
        }
    }

    private func fieldPlans(for selectionSet: any GraphQLSelectionSet.Type) -> [FieldPlan] {
        let id = ObjectIdentifier(selectionSet)
        if let plan = plans[id] { return plan }
        var fields: [FieldPlan] = []
        collectFields(selectionSet.__selections, into: &fields)
        plans[id] = fields
        return fields
    }

    private func collectFields(_ selections: [GraphQLSelection], into fields: inout [FieldPlan]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                fields.append(
                    FieldPlan(
                        responseKey: field.responseKey, name: field.name,
                        storageKey: field.storageKey(variables: variables), type: field.type,
                        holdsObjects: field.type.isObject))
            case .conditional(let conditions, let inner):
                if conditions.evaluate(with: variables) { collectFields(inner, into: &fields) }
            case .fragment, .inlineFragment, .deferred:
                // The decoder enters the object again for these, with their own selections.
                continue
            }
        }
    }

    static func concreteName(of parentType: GraphQLParentType) -> String? {
        parentType.kind == .object ? parentType.name : nil
    }
}

extension GraphQLOutputType {
    /// Whether values of the type are objects (or lists of them).
    var isObject: Bool {
        if case .object = namedType { return true }
        return false
    }
}
