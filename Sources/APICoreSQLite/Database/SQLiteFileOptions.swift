import Foundation
import GRDB

/// How this module opens a SQLite file: the connection hook (for a key), file protection, and what happens to a
/// file that turns out to be corrupt.
public struct SQLiteFileOptions: Sendable {
    /// What to do with a file SQLite cannot use: not a database, truncated, or failing its integrity check.
    public enum CorruptionRecovery: Sendable, Hashable {
        /// Move the file (and its `-wal` and `-shm` companions) aside, next to it, and start an empty one. Right for
        /// a cache, whose content the server can always send again.
        case setAsideAndRebuild
        /// Fail with a storage error and leave the file as it is.
        case fail
    }

    /// Runs first on every connection, before anything reads the file: the place to give an encrypted build of
    /// SQLite its key (`try db.usePassphrase(key)` with SQLCipher, or `PRAGMA key`), or to set pragmas. A hook that
    /// throws makes opening fail.
    public var prepareConnection: (@Sendable (Database) throws -> Void)?
    /// What to do with a corrupt file.
    public var corruptionRecovery: CorruptionRecovery
    /// Whether opening runs SQLite's `quick_check`, which finds damaged pages before a read stumbles on them. It
    /// reads the whole file once; turn it off for very large files opened often.
    public var checksIntegrityOnOpen: Bool
    /// The data protection class of the file and its companions on Apple platforms, e.g.
    /// `.completeUntilFirstUserAuthentication`; `nil` keeps the system's default. Platforms without data protection
    /// classes (Linux) ignore it.
    public var fileProtection: FileProtection?
    /// Whether the file is opened for reading only, as a tool that inspects an app's cache does: the file must exist,
    /// and it is never written, migrated or set aside (a corrupt file fails to open); every write fails with a storage
    /// error, and a file written by an older version reads as it is. As for any reader of a file in WAL mode, SQLite
    /// creates the `-wal` and `-shm` companions beside it when they are missing (it needs a writable folder for that);
    /// they hold no data of their own.
    public var readsOnly = false

    /// Options: no hook, corrupt files set aside and rebuilt, integrity checked on open.
    public init(
        prepareConnection: (@Sendable (Database) throws -> Void)? = nil,
        corruptionRecovery: CorruptionRecovery = .setAsideAndRebuild,
        checksIntegrityOnOpen: Bool = true
    ) {
        self.prepareConnection = prepareConnection
        self.corruptionRecovery = corruptionRecovery
        self.checksIntegrityOnOpen = checksIntegrityOnOpen
        fileProtection = nil
    }
}

extension SQLiteFileOptions {
    /// When the system lets the app read the file: the data protection classes of Apple platforms, as a value of
    /// this module's own (Foundation's `FileProtectionType` is neither `Sendable` nor on every platform).
    public enum FileProtection: Sendable, Hashable {
        /// Readable only while the device is unlocked.
        case complete
        /// Once open, readable after the device locks; a new open needs it unlocked.
        case completeUnlessOpen
        /// Readable from the first unlock after a restart on: what a cache a background task reads needs.
        case completeUntilFirstUserAuthentication
        /// No protection beyond the disk's encryption.
        case none
    }
}
