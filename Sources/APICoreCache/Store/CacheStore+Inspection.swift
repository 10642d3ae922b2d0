extension CacheStore {
    /// What the store's cache holds, counted on the store's clock (``CacheStatistics``).
    public func statistics() throws(CacheError) -> CacheStatistics {
        try CacheStatistics(of: cache, at: now())
    }

    /// The stored records `filter` selects as JSON, expiry judged on the store's clock (``CacheDump``). Optimistic
    /// layers are not part of it: it shows what is stored.
    public func dump(_ filter: CacheDump.Filter = .all) throws(CacheError) -> CacheDump {
        try CacheDump(of: cache, filter: filter, at: now())
    }
}
