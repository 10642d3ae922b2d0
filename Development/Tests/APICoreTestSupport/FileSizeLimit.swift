#if canImport(Glibc)
    import Glibc
    private let fileSizeResource = Int32(RLIMIT_FSIZE.rawValue)
#elseif canImport(Darwin)
    import Darwin
    private let fileSizeResource = RLIMIT_FSIZE
#endif

/// The largest file this process may write (`RLIMIT_FSIZE`): a full disk, for the child processes of the
/// storage-fault tests. A write past the limit fails with `EFBIG`, as one on a full disk fails with `ENOSPC`, instead
/// of killing the process (`SIGXFSZ` is ignored).
public enum FileSizeLimit {
    /// Limits every file this process writes to `bytes`.
    public static func set(_ bytes: Int) {
        signal(SIGXFSZ, SIG_IGN)
        var limits = rlimit()
        getrlimit(fileSizeResource, &limits)
        limits.rlim_cur = rlim_t(bytes)
        setrlimit(fileSizeResource, &limits)
    }

    /// Lifts the limit as far as the process may: the disk has room again.
    public static func lift() {
        var limits = rlimit()
        getrlimit(fileSizeResource, &limits)
        limits.rlim_cur = limits.rlim_max
        setrlimit(fileSizeResource, &limits)
    }
}
