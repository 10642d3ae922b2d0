import Foundation
import Testing

@testable import APICoreKit

/// Parsing `multipart/mixed` bodies and merging both incremental payload formats.
@Suite struct IncrementalDeliveryParsingTests {
    static func multipart(_ parts: [String], boundary: String = "-") -> Data {
        var text = ""
        for part in parts {
            text += "\r\n--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(part)"
        }
        text += "\r\n--\(boundary)--\r\n"
        return Data(text.utf8)
    }

    static func merged(_ payloads: [String]) throws -> [GraphQLResponseBody] {
        var result = IncrementalResult()
        var bodies: [GraphQLResponseBody] = []
        for payload in payloads {
            try result.apply(try JSONReader().read(payload))
            bodies.append(result.body)
        }
        return bodies
    }

    @Test func boundaryFromContentType() {
        #expect(
            MultipartMixedBody.boundary(ofContentType: #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#)
                == "graphql")
        #expect(MultipartMixedBody.boundary(ofContentType: "multipart/mixed;boundary=abc") == "abc")
        #expect(MultipartMixedBody.boundary(ofContentType: "multipart/mixed") == "-")
        #expect(MultipartMixedBody.boundary(ofContentType: "application/json") == nil)
    }

    @Test func partsInOrderWithoutEmptyKeepAliveParts() throws {
        let body = Self.multipart([#"{"a":1}"#, "{}", #"{"b":2}"#], boundary: "graphql")
        let parts = try MultipartMixedBody.parts(of: body, boundary: "graphql")
        #expect(parts.map { String(decoding: $0, as: UTF8.self) } == [#"{"a":1}"#, "{}", #"{"b":2}"#])
        let dashes = Self.multipart([#"{"a":1}"#])
        #expect(try MultipartMixedBody.parts(of: dashes, boundary: "-").count == 1)
    }

    @Test func aBodyWithoutItsBoundaryIsATypedError() {
        #expect(throws: APIError.self) {
            try MultipartMixedBody.parts(of: Data(#"{"data":{}}"#.utf8), boundary: "-")
        }
    }

    @Test func theCurrentFormatMergesByPendingId() throws {
        let bodies = try Self.merged([
            #"{"data":{"user":{"id":"1"}},"pending":[{"id":"0","path":["user"],"label":"d"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"email":"a@b"}}],"completed":[{"id":"0"}],"hasNext":false}"#,
        ])
        #expect(bodies[0].data == ["user": ["id": "1"]])
        #expect(bodies[1].data == ["user": ["id": "1", "email": "a@b"]])
    }

    @Test func theCurrentFormatWithASubPathAndStreamedItems() throws {
        let bodies = try Self.merged([
            #"{"data":{"a":{"b":{"c":1}},"list":[1]},"pending":[{"id":"0","path":["a"]},{"id":"1","path":["list"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","subPath":["b"],"data":{"d":2}},{"id":"1","items":[2,3]}],"hasNext":false}"#,
        ])
        #expect(bodies[1].data == ["a": ["b": ["c": 1, "d": 2]], "list": [1, 2, 3]])
    }

    @Test func theOlderFormatWithPathsInAnIncrementalList() throws {
        let bodies = try Self.merged([
            #"{"data":{"users":[{"id":"1"},{"id":"2"}]},"hasNext":true}"#,
            #"{"incremental":[{"path":["users",1],"label":"d","data":{"name":"Grace"}}],"hasNext":false}"#,
        ])
        #expect(bodies[1].data == ["users": [["id": "1"], ["id": "2", "name": "Grace"]]])
    }

    @Test func theOldestFormatWithDataAndPathPerPayload() throws {
        let bodies = try Self.merged([
            #"{"data":{"user":{"id":"1"}},"hasNext":true}"#,
            #"{"data":{"email":"a@b"},"path":["user"],"label":"d","hasNext":true}"#,
            #"{"data":null,"path":["user"],"errors":[{"message":"boom","path":["user","secret"]}],"hasNext":false}"#,
        ])
        #expect(bodies[1].data == ["user": ["id": "1", "email": "a@b"]])
        #expect(bodies[2].errors.map(\.message) == ["boom"])
    }

    @Test func anUnknownPathOrIdIsATypedError() {
        #expect(throws: APIError.self) {
            try Self.merged([#"{"data":{"user":{}},"hasNext":true}"#, #"{"incremental":[{"id":"9","data":{}}]}"#])
        }
        #expect(throws: APIError.self) {
            try Self.merged([
                #"{"data":{"user":{}},"hasNext":true}"#, #"{"incremental":[{"path":["nope"],"data":{}}]}"#,
            ])
        }
        #expect(throws: APIError.self) { try Self.merged(["[1]"]) }
    }
}
