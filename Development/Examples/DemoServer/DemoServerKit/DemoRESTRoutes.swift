import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The same data as REST: `GET`/`PATCH /rest/users/{id}`, `GET /rest/products[?category=]`,
/// `GET /rest/products/{id}`, as JSON with the GraphQL types' field names.
struct DemoRESTRoutes: Sendable {
    let store: DemoStore

    func add(to router: Router<BasicWebSocketRequestContext>) {
        router.get("/rest/users/:id") { _, context in
            let id = try context.parameters.require("id")
            return try Self.json(store.user(id: id))
        }
        router.patch("/rest/users/:id") { request, context in
            let id = try context.parameters.require("id")
            let body = try await request.body.collect(upTo: 1 << 16)
            guard let update = try? JSONDecoder().decode(DemoUserUpdate.self, from: Data(body.readableBytesView)) else {
                throw HTTPError(.badRequest, message: "The body must be a JSON object with optional name and email.")
            }
            return try Self.json(store.updateUser(id: id, update))
        }
        router.get("/rest/products") { request, _ in
            let category = request.uri.queryParameters["category"].map(String.init)
            return try Self.json(store.products(category: category))
        }
        router.get("/rest/products/:id") { _, context in
            let id = try context.parameters.require("id")
            return try Self.json(store.product(id: id))
        }
    }

    /// 200 with `value` as JSON, or 404 when there is none.
    private static func json(_ value: (some Encodable)?) throws -> Response {
        guard let value else { throw HTTPError(.notFound) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
