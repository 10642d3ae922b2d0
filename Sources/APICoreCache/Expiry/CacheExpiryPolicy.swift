import APICoreGraphQL
import Foundation

/// How long cached fields are served: by field, by type, by default, and never longer than the `Cache-Control`
/// max-age of the response that brought them.
///
/// A field past its time to live is a miss (``CacheError/Code/expired``): a `cacheFirst` query goes to the network for
/// it, and garbage collection removes it.
public struct CacheExpiryPolicy: Sendable, Hashable {
    /// The time to live of fields with no more specific rule; `nil` keeps them until removed.
    public var defaultTimeToLive: Duration?
    /// Times to live by object type name.
    public var timeToLiveByType: [String: Duration]
    /// Times to live by `Type.field` (the field's schema name), the most specific rule.
    public var timeToLiveByField: [String: Duration]

    /// A policy; with no arguments nothing expires unless a response's max-age says so.
    public init(
        defaultTimeToLive: Duration? = nil,
        timeToLiveByType: [String: Duration] = [:],
        timeToLiveByField: [String: Duration] = [:]
    ) {
        self.defaultTimeToLive = defaultTimeToLive
        self.timeToLiveByType = timeToLiveByType
        self.timeToLiveByField = timeToLiveByField
    }

    /// The time to live of one field of an object of type `typename` written from a response with `maxAge`.
    public func timeToLive(typename: String?, field: String, maxAge: Duration?) -> Duration? {
        var rule: Duration?
        if let typename {
            rule = timeToLiveByField[typename + "." + field] ?? timeToLiveByType[typename]
        }
        rule = rule ?? defaultTimeToLive
        switch (rule, maxAge) {
        case (let rule?, let maxAge?): return min(rule, maxAge)
        case (let rule?, nil): return rule
        case (nil, let maxAge): return maxAge
        }
    }

    /// The time to live of one field as ``timeToLive(typename:field:maxAge:)`` gives it, capped by the time to live the
    /// schema gives the field or its type (`@cacheControl(maxAge:)`, in `schema`): the tightest of the three wins.
    public func timeToLive(
        typename: String?, field: String, maxAge: Duration?, schema: GraphQLTypePolicies
    ) -> Duration? {
        let own = timeToLive(typename: typename, field: field, maxAge: maxAge)
        guard let typename, let seconds = schema.maxAge(for: typename, field: field) else { return own }
        return min(own ?? .seconds(seconds), .seconds(seconds))
    }

    /// Whether any rule could apply, so writes can skip the per-field work when none does.
    var hasRules: Bool {
        defaultTimeToLive != nil || !timeToLiveByType.isEmpty || !timeToLiveByField.isEmpty
    }
}

extension Date {
    /// The date `duration` later.
    func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.seconds)
    }
}
