#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOSSL
    import Testing

    @testable import APICoreKit
    @testable import APICoreNIO

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// TLS failures in `URLSession`'s terms: a certificate that does not verify is untrusted (what a caller shows as
    /// "this server's certificate is not trusted"), any other TLS failure a failed secure connection; the original
    /// stays under `NSUnderlyingErrorKey`. A certificate refused by BoringSSL's own verification is covered by
    /// AsyncHTTPClientTLSTests against a real server, since NIOSSL makes no such error outside a handshake.
    @Suite("AsyncHTTPClient transport: TLS errors")
    struct AsyncHTTPClientErrorsTests {
        @Test(
            "a certificate that does not verify is untrusted",
            arguments: [
                NIOSSLExtraError.failedToValidateHostname, NIOSSLError.unableToValidateCertificate,
                NIOSSLError.noCertificateToValidate,
            ] as [any Error])
        func untrustedCertificate(error: any Error) throws {
            let translated = try #require(AsyncHTTPClientErrors.translate(error) as? URLError)
            #expect(translated.code == .serverCertificateUntrusted)
            #expect(translated.userInfo[NSUnderlyingErrorKey] as? any Error != nil)
        }

        @Test(
            "other TLS failures are failed secure connections",
            arguments: [
                NIOSSLError.handshakeFailed(.sslError([.eofDuringHandshake])), NIOSSLError.failedToLoadCertificate,
                NIOSSLExtraError.cannotUseIPAddressInSNI, NIOTLSUnwrappingError.alreadyClosed,
            ] as [any Error])
        func otherTLSFailure(error: any Error) throws {
            let translated = try #require(AsyncHTTPClientErrors.translate(error) as? URLError)
            #expect(translated.code == .secureConnectionFailed)
        }
    }
#endif
