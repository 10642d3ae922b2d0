#if canImport(Glibc)
    import Glibc

    /// The largest file this process may write (`RLIMIT_FSIZE`): a full disk, for the child processes of the
    /// storage-fault tests. A write past the limit fails with `EFBIG`, as one on a full disk fails with `ENOSPC`,
    /// instead of killing the process (`SIGXFSZ` is ignored).
    public enum FileSizeLimit {
        /// Limits every file this process writes to `bytes`.
        public static func set(_ bytes: Int) {
            signal(SIGXFSZ, SIG_IGN)
            var limits = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limits)
            limits.rlim_cur = rlim_t(bytes)
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limits)
        }

        /// Lifts the limit as far as the process may: the disk has room again.
        public static func lift() {
            var limits = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limits)
            limits.rlim_cur = limits.rlim_max
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limits)
        }
    }
#endif
