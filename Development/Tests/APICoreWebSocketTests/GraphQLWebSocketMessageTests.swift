import APICoreKit
import Testing

@testable import APICoreWebSocket

@Suite struct GraphQLWebSocketMessageTests {
    typealias Message = GraphQLWebSocketServerMessage

    static func parse(_ text: String, _ wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS) throws -> Message
    {
        try Message.parse(text, protocol: wireProtocol)
    }

    static func invalidReason(_ text: String, _ wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS) -> String?
    {
        do {
            _ = try Message.parse(text, protocol: wireProtocol)
            return nil
        } catch {
            #expect(error.kind == .invalidMessage)
            return error.reason
        }
    }

    @Test func readsEveryServerMessageOfGraphQLTransportWS() throws {
        #expect(try Self.parse(#"{"type":"connection_ack"}"#) == .connectionAck(nil))
        #expect(try Self.parse(#"{"type":"connection_ack","payload":{"v":1}}"#) == .connectionAck(["v": 1]))
        #expect(try Self.parse(#"{"type":"ping","payload":{"t":2}}"#) == .ping(["t": 2]))
        #expect(try Self.parse(#"{"type":"pong"}"#) == .pong)
        let next = try Self.parse(#"{"id":"7","type":"next","payload":{"data":{"countdown":3}}}"#)
        #expect(
            next == .next(id: "7", payload: GraphQLResponseBody(data: ["countdown": 3], errors: [], extensions: [:])))
        let error = try Self.parse(#"{"id":"7","type":"error","payload":[{"message":"Unknown field"}]}"#)
        #expect(error == .error(id: "7", errors: [GraphQLError(json: ["message": "Unknown field"])]))
        #expect(try Self.parse(#"{"id":"7","type":"complete"}"#) == .complete(id: "7"))
    }

    @Test func readsEveryServerMessageOfTheLegacyProtocol() throws {
        #expect(try Self.parse(#"{"type":"connection_ack"}"#, .graphQLWS) == .connectionAck(nil))
        #expect(
            try Self.parse(#"{"type":"connection_error","payload":{"message":"no"}}"#, .graphQLWS) == .connectionError)
        #expect(try Self.parse(#"{"type":"ka"}"#, .graphQLWS) == .keepAlive)
        let data = try Self.parse(
            #"{"id":"1","type":"data","payload":{"data":null,"errors":[{"message":"x"}]}}"#, .graphQLWS)
        #expect(
            data
                == .next(
                    id: "1",
                    payload: GraphQLResponseBody(
                        data: nil, errors: [GraphQLError(json: ["message": "x"])], extensions: [:])))
        let error = try Self.parse(#"{"id":"1","type":"error","payload":{"message":"bad"}}"#, .graphQLWS)
        #expect(error == .error(id: "1", errors: [GraphQLError(json: ["message": "bad"])]))
        #expect(try Self.parse(#"{"id":"1","type":"complete"}"#, .graphQLWS) == .complete(id: "1"))
    }

    @Test func malformedJSONIsATypedErrorWithItsOffset() {
        #expect(Self.invalidReason(#"{"type":"next","id":"1""#)?.hasPrefix("malformed JSON at byte") == true)
        #expect(Self.invalidReason("") != nil)
    }

    @Test func badFramesAreTypedErrors() {
        #expect(Self.invalidReason("[1,2]") == "a message must be a JSON object")
        #expect(Self.invalidReason(#"{"payload":{}}"#) == "a message needs a string type")
        #expect(Self.invalidReason(#"{"type":7}"#) == "a message needs a string type")
        #expect(Self.invalidReason(#"{"type":"next","payload":{"data":{}}}"#) == "next without an id")
        #expect(Self.invalidReason(#"{"type":"next","id":"","payload":{"data":{}}}"#) == "next without an id")
        #expect(Self.invalidReason(#"{"type":"next","id":"1"}"#) == "next for 1 has no GraphQL result as its payload")
        #expect(Self.invalidReason(#"{"type":"next","id":"1","payload":{"x":1}}"#) != nil)
        #expect(
            Self.invalidReason(#"{"type":"error","id":"1","payload":[]}"#)
                == "error for 1 needs a list of GraphQL errors")
        #expect(Self.invalidReason(#"{"type":"error","id":"1","payload":"boom"}"#) != nil)
        #expect(Self.invalidReason(#"{"type":"ping","payload":[1]}"#) == "the payload of ping must be an object")
    }

    @Test func unknownMessageTypesAndTheOtherProtocolsTypesAreTypedErrors() {
        #expect(Self.invalidReason(#"{"type":"hello"}"#) == #"unknown message type "hello" for graphql-transport-ws"#)
        #expect(Self.invalidReason(#"{"type":"ka"}"#) != nil, "ka is legacy only")
        #expect(Self.invalidReason(#"{"id":"1","type":"data","payload":{"data":{}}}"#) != nil)
        #expect(Self.invalidReason(#"{"type":"ping"}"#, .graphQLWS) == #"unknown message type "ping" for graphql-ws"#)
        #expect(Self.invalidReason(#"{"id":"1","type":"next","payload":{"data":{}}}"#, .graphQLWS) != nil)
    }

    @Test func clientMessagesInBothProtocols() {
        let payload: JSONObject = ["query": "subscription { n }"]
        #expect(
            GraphQLWebSocketClientMessage.connectionInit(nil).encoded(for: .graphQLTransportWS)
                == #"{"type":"connection_init"}"#)
        #expect(
            GraphQLWebSocketClientMessage.connectionInit(["Authorization": "Bearer t"]).encoded(for: .graphQLWS)
                == #"{"type":"connection_init","payload":{"Authorization":"Bearer t"}}"#)
        #expect(
            GraphQLWebSocketClientMessage.subscribe(id: "1", payload: payload).encoded(for: .graphQLTransportWS)
                == #"{"id":"1","type":"subscribe","payload":{"query":"subscription { n }"}}"#)
        #expect(
            GraphQLWebSocketClientMessage.subscribe(id: "1", payload: payload).encoded(for: .graphQLWS)
                == #"{"id":"1","type":"start","payload":{"query":"subscription { n }"}}"#)
        #expect(
            GraphQLWebSocketClientMessage.complete(id: "1").encoded(for: .graphQLTransportWS)
                == #"{"id":"1","type":"complete"}"#)
        #expect(
            GraphQLWebSocketClientMessage.complete(id: "1").encoded(for: .graphQLWS) == #"{"id":"1","type":"stop"}"#)
        #expect(GraphQLWebSocketClientMessage.ping.encoded(for: .graphQLTransportWS) == #"{"type":"ping"}"#)
        #expect(
            GraphQLWebSocketClientMessage.pong(["t": 1]).encoded(for: .graphQLTransportWS)
                == #"{"type":"pong","payload":{"t":1}}"#)
        #expect(
            GraphQLWebSocketClientMessage.connectionTerminate.encoded(for: .graphQLWS)
                == #"{"type":"connection_terminate"}"#)
    }
}
