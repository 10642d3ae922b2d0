import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the rest of a child process as an ordinary user, so that file permissions apply to it: root, as a CI
/// container runs, may write a file whatever its mode, and a test of a read-only file would prove nothing. A process
/// that is not root is left as it is; its permissions already apply.
public enum Unprivileged {
    /// The user and group the process becomes: `nobody`'s.
    public static let identity: UInt32 = 65534

    /// Why the process could not stop being root.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Becomes ``identity`` when the process is root; throws if it cannot.
    public static func become() throws(Failure) {
        guard geteuid() == 0 else { return }
        guard setgroups(0, nil) == 0, setgid(identity) == 0, setuid(identity) == 0 else {
            throw Failure(description: "could not become user \(identity): \(String(cString: strerror(errno)))")
        }
        guard geteuid() == identity else { throw Failure(description: "still root after setuid") }
    }
}
