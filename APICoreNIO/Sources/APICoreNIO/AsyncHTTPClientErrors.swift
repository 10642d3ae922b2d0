import APICoreKit
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The failures of AsyncHTTPClient and SwiftNIO in `URLSession`'s vocabulary, so that the rest of the client
/// (``APIError`` codes and reasons, which errors a retry policy retries) treats both transports alike.
enum AsyncHTTPClientErrors {
    /// `error` as the transport throws it: cancellation as `CancellationError`, an ``APIError`` as it is, and
    /// every failure of the connection or the exchange as a `URLError` whose `NSUnderlyingErrorKey` holds the
    /// original.
    static func translate(_ error: any Error) -> any Error {
        if error is APIError || error is CancellationError || error is URLError { return error }
        guard let code = urlErrorCode(for: error) else { return CancellationError() }
        return URLError(code, userInfo: [NSUnderlyingErrorKey: error])
    }

    /// The `URLError` code of a failure; `nil` for a cancellation.
    static func urlErrorCode(for error: any Error) -> URLError.Code? {
        if let error = error as? HTTPClientError {
            return code(for: error)
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .cannotFindHost
            }
            return .cannotConnectToHost
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .cannotConnectToHost
            case ETIMEDOUT: return .timedOut
            case ENETUNREACH, EHOSTUNREACH: return .cannotConnectToHost
            default: return .networkConnectionLost
            }
        }
        if error is ChannelError { return .networkConnectionLost }
        if let error = error as? NIOSSLError { return code(for: error) }
        if let error = error as? NIOSSLExtraError {
            return error == .failedToValidateHostname ? .serverCertificateUntrusted : .secureConnectionFailed
        }
        // NIOSSL's other errors (closing or unwrapping TLS) are TLS failures too.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") { return .secureConnectionFailed }
        return .unknown
    }

    /// A certificate that did not verify (unknown authority, expired, another host's) is untrusted, as
    /// `URLSession` says; every other TLS failure is a failed secure connection.
    private static func code(for error: NIOSSLError) -> URLError.Code {
        switch error {
        case .handshakeFailed(.sslError(let stack)) where stack.contains(where: isCertificateVerification):
            return .serverCertificateUntrusted
        case .noCertificateToValidate, .unableToValidateCertificate, .cannotMatchULabel:
            return .serverCertificateUntrusted
        default:
            return .secureConnectionFailed
        }
    }

    /// Whether a BoringSSL error is the failed verification of the peer's certificate, which BoringSSL
    /// exposes only in its error string (reason `CERTIFICATE_VERIFY_FAILED`).
    private static func isCertificateVerification(_ error: BoringSSLInternalError) -> Bool {
        error.description.contains("CERTIFICATE_VERIFY_FAILED")
    }

    private static func code(for error: HTTPClientError) -> URLError.Code? {
        switch error {
        case .cancelled, .requestStreamCancelled:
            return nil
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .timedOut
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return .networkConnectionLost
        case .redirectLimitReached, .redirectCycleDetected:
            return .httpTooManyRedirects
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
            return .badURL
        case .alreadyShutdown:
            return .cannotConnectToHost
        case .proxyAuthenticationRequired:
            return .userAuthenticationRequired
        default:
            return .badServerResponse
        }
    }
}
