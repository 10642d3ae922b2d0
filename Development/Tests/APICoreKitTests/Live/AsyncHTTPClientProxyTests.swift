#if canImport(AsyncHTTPClient)
    import APICoreKit
    import APICoreNIO
    import APICoreTestSupport
    import AsyncHTTPClient
    import Foundation
    import Testing

    /// The AsyncHTTPClient transport through a real HTTP forward proxy (proxy.py): the proxy of the
    /// `HTTPClient.Configuration` given carries every request, in a `CONNECT` tunnel (AsyncHTTPClient tunnels plain
    /// HTTP too), with basic authentication when configured; a proxy's demand for credentials is a typed error.
    @Suite("AsyncHTTPClient transport through an HTTP proxy", .timeLimit(.minutes(5)))
    struct AsyncHTTPClientProxyTests {
        @Test("a query to a plain-HTTP server goes through the configured proxy")
        func plainHTTPThroughProxy() async throws {
            let proxy = try await ForwardProxy.start()
            defer { proxy.stop() }
            let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
            let transport = Self.transport(proxy: .server(host: "127.0.0.1", port: proxy.port))
            let response = try await live.client { $0.transport = transport }.execute(UserDetailsQuery(id: "1"))
            try await transport.shutdown()

            #expect(response.value.user?.name == "Ada Lovelace")
            #expect(await proxy.waitForUpstreamConnection("CONNECT 127.0.0.1:\(live.server.port)"))
        }

        @Test("a proxy that requires basic authentication lets through a transport configured with the credentials")
        func authenticatedProxy() async throws {
            let proxy = try await ForwardProxy.start(requiring: Self.credentials)
            defer { proxy.stop() }
            let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
            let authorization = HTTPClient.Authorization.basic(
                username: Self.credentials.user, password: Self.credentials.password)
            let transport = Self.transport(
                proxy: .server(host: "127.0.0.1", port: proxy.port, authorization: authorization))
            let response = try await live.client { $0.transport = transport }.execute(UserDetailsQuery(id: "2"))
            try await transport.shutdown()

            #expect(response.value.user?.name == "Grace Hopper")
            #expect(await proxy.waitForUpstreamConnection("CONNECT 127.0.0.1:\(live.server.port)"))
            #expect(try await live.stats().lastHeaders["proxy-authorization"] == nil, "credentials stop at the proxy")
        }

        @Test("without the credentials a proxy requires, the call fails as a network error asking for them")
        func missingProxyCredentials() async throws {
            let proxy = try await ForwardProxy.start(requiring: Self.credentials)
            defer { proxy.stop() }
            let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
            let transport = Self.transport(proxy: .server(host: "127.0.0.1", port: proxy.port))
            let error = await #expect(throws: APIError.self) {
                try await live.client { $0.transport = transport }.execute(UserDetailsQuery(id: "1"))
            }
            try await transport.shutdown()

            #expect(error?.code == .network)
            #expect((error?.underlying as? URLError)?.code == .userAuthenticationRequired)
            #expect(try await live.stats().requests == 0, "the request never reached the server")
            #expect(await proxy.upstreamConnections().isEmpty)
        }

        @Test("HTTPS through an authenticating proxy is tunnelled and still negotiates HTTP/2 with the server")
        func tlsThroughProxy() async throws {
            let proxy = try await ForwardProxy.start(requiring: Self.credentials)
            defer { proxy.stop() }
            try await AsyncHTTPClientTLSTests.withServer { server, certificates in
                var configuration = try AsyncHTTPClientTLSTests.trusting(certificates)
                configuration.proxy = .server(
                    host: "127.0.0.1", port: proxy.port,
                    authorization: .basic(username: Self.credentials.user, password: Self.credentials.password))
                let transport = AsyncHTTPClientTransport(configuration: configuration)
                let client = AsyncHTTPClientTLSTests.client(of: server, transport)
                let response = try await client.execute(UserDetailsQuery(id: "3"))
                try await transport.shutdown()

                #expect(response.value.user?.name == "Alan Turing")
                #expect(response.metadata.headers["X-HTTP-Version"] == "2", "the HTTP version the server saw")
                #expect(await proxy.waitForUpstreamConnection("CONNECT 127.0.0.1:\(server.port)"))
            }
        }

        /// What the authenticating proxies require; the password has a colon, which basic authentication keeps.
        static let credentials: ForwardProxy.Credentials = (user: "reader", password: "s3cret:with:colon")

        /// A transport on the default configuration with `proxy`.
        static func transport(proxy: HTTPClient.Configuration.Proxy) -> AsyncHTTPClientTransport {
            var configuration = AsyncHTTPClientTransport.defaultConfiguration
            configuration.proxy = proxy
            return AsyncHTTPClientTransport(configuration: configuration)
        }
    }
#endif
