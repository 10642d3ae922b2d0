import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port where nothing listens and nothing else can start to: a TCP socket bound to `127.0.0.1` on a port
/// the system picks, never put into the listening state. A connection to it is refused, and while the socket is open
/// no other server of the test run (which binds port 0 too) can be given the port, as it could one that a stopped
/// server just released.
public final class RefusingPort: Sendable {
    /// The port number.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket; throws when the system refuses one.
    public convenience init() throws {
        try self.init(port: 0, sharing: false)
    }

    /// Holds `port`, which a server of this process listens on with `SO_REUSEPORT` (or will): bound beside it with
    /// that option, so the server can stop and listen again while no other socket of the run (a client's connection
    /// given the port as its own) can take the port in between.
    public convenience init(holding port: Int) throws {
        try self.init(port: port, sharing: true)
    }

    private init(port requested: Int, sharing: Bool) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if sharing {
            var on: Int32 = 1
            for option in [SO_REUSEADDR, SO_REUSEPORT] {
                setsockopt(descriptor, SOL_SOCKET, option, &on, socklen_t(MemoryLayout<Int32>.size))
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(requested).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        var named = sockaddr_in()
        var namedLength = length
        let found = withUnsafeMutablePointer(to: &named) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &namedLength) }
        }
        guard bound == 0, found == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(descriptor)
            throw POSIXError(code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: named.sin_port))
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(path: String = "/graphql") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    deinit {
        close(descriptor)
    }
}
