#if canImport(AsyncHTTPClient)
    import APICoreKit
    import APICoreNIO
    import APICoreTestSupport
    import AsyncHTTPClient
    import Foundation
    import NIOSSL
    import Testing

    /// The AsyncHTTPClient transport against a TLS server of another implementation (hypercorn, offering HTTP/2 by
    /// ALPN) whose certificate authority is made by the test: the `HTTPClient.Configuration` given decides what is
    /// trusted and which HTTP version is spoken, and a refused certificate comes back as `URLSession` reports it.
    @Suite("AsyncHTTPClient transport over TLS", .timeLimit(.minutes(5)))
    struct AsyncHTTPClientTLSTests {
        @Test("trusting the server's authority, a query goes over HTTP/2 and its typed response decodes")
        func http2OverTLS() async throws {
            try await Self.withServer { server, certificates in
                let transport = AsyncHTTPClientTransport(configuration: try Self.trusting(certificates))
                let response = try await Self.client(of: server, transport).execute(UserDetailsQuery(id: "1"))
                try await transport.shutdown()

                #expect(response.value.user?.name == "Ada Lovelace")
                #expect(response.value.user?.followerCount == 9_007_199_254_740_993)
                #expect(response.metadata.headers["X-HTTP-Version"] == "2", "the HTTP version the server saw")
            }
        }

        @Test("a configuration limited to HTTP/1 speaks HTTP/1.1 to the same server")
        func http1OnlyConfiguration() async throws {
            try await Self.withServer { server, certificates in
                var configuration = try Self.trusting(certificates)
                configuration.httpVersion = .http1Only
                let transport = AsyncHTTPClientTransport(configuration: configuration)
                let response = try await Self.client(of: server, transport).execute(UserDetailsQuery(id: "2"))
                try await transport.shutdown()

                #expect(response.value.user?.name == "Grace Hopper")
                #expect(response.metadata.headers["X-HTTP-Version"] == "1.1", "the HTTP version the server saw")
            }
        }

        @Test("the default configuration, which does not trust the authority, fails as an untrusted certificate")
        func untrustedAuthority() async throws {
            try await Self.withServer { server, _ in
                let transport = AsyncHTTPClientTransport()
                let error = await #expect(throws: APIError.self) {
                    try await Self.client(of: server, transport).execute(UserDetailsQuery(id: "1"))
                }
                try await transport.shutdown()

                #expect(error?.code == .network)
                #expect((error?.underlying as? URLError)?.code == .serverCertificateUntrusted)
            }
        }

        @Test("a certificate for another host name fails as untrusted, though its authority is trusted")
        func certificateForAnotherHost() async throws {
            try await Self.withServer(serverNames: ["DNS:elsewhere.invalid"]) { server, certificates in
                let transport = AsyncHTTPClientTransport(configuration: try Self.trusting(certificates))
                let error = await #expect(throws: APIError.self) {
                    try await Self.client(of: server, transport).execute(UserDetailsQuery(id: "1"))
                }
                try await transport.shutdown()

                #expect(error?.code == .network)
                #expect((error?.underlying as? URLError)?.code == .serverCertificateUntrusted)
            }
        }

        /// Runs `body` against a TLS server whose certificate, for `serverNames`, is signed by a new authority;
        /// stops the server and removes the certificates afterwards.
        static func withServer(
            serverNames: [String] = TestCertificates.loopbackNames,
            _ body: (TLSReferenceServer, TestCertificates) async throws -> Void
        ) async throws {
            let certificates = try await TestCertificates.make(serverNames: serverNames)
            defer { certificates.remove() }
            let server = try await TLSReferenceServer.start(certificates: certificates)
            defer { server.stop() }
            try await body(server, certificates)
        }

        /// The transport's default configuration, trusting `certificates`' authority (and no other).
        static func trusting(_ certificates: TestCertificates) throws -> HTTPClient.Configuration {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates.authority.path))
            var configuration = AsyncHTTPClientTransport.defaultConfiguration
            configuration.tlsConfiguration = tls
            return configuration
        }

        static func client(of server: TLSReferenceServer, _ transport: AsyncHTTPClientTransport) -> APIClient {
            APIClient(
                configuration: APIClientConfiguration(graphQLEndpoint: server.url("/graphql"), transport: transport))
        }
    }
#endif
