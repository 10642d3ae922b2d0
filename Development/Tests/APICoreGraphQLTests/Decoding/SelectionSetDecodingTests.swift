import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import APICoreTestSupport
import Testing

@Suite("Selection-set decoding")
struct SelectionSetDecodingTests {
    let user: JSONObject = [
        "__typename": "User", "id": "u1", "name": "Ada", "role": "ADMIN",
        "followerCount": .int(9_007_199_254_740_993), "email": "ada@example.com",
    ]

    @Test("a query's data decodes into its generated types, fragments included")
    func decodesQueryData() throws {
        let data = try UserDetailsQuery.Data(data: ["user": .object(user)], variables: ["withEmail": true])
        let decoded = try #require(data.user)
        #expect(decoded.id == "u1")
        #expect(decoded.name == "Ada")
        #expect(decoded.role == .admin)
        #expect(decoded.followerCount == 9_007_199_254_740_993)
        #expect(decoded.email == "ada@example.com")
        #expect(decoded.fragments.userFields.name == "Ada")
        #expect(decoded.__typename == "User")
    }

    @Test("a field under @include is nil when its condition is false, even if the data has it")
    func includeConditionFalse() throws {
        let data = try UserDetailsQuery.Data(data: ["user": .object(user)], variables: ["withEmail": false])
        let decoded = try #require(data.user)
        #expect(decoded.email == nil)
    }

    @Test("a null nullable object is nil")
    func nullObject() throws {
        let data = try UserDetailsQuery.Data(data: ["user": nil], variables: ["withEmail": false])
        #expect(data.user == nil)
    }

    @Test("a missing field is an error naming its response path")
    func missingField() {
        var partial = user
        partial["name"] = nil
        #expect {
            _ = try UserDetailsQuery.Data(data: ["user": .object(partial)], variables: ["withEmail": false])
        } throws: { error in
            let error = error as? GraphQLDecodingError
            return error?.reason == .missingField && error?.path == ["user", "name"]
                && error?.description == "missing field at 'user.name'"
        }
    }

    @Test("a null in a non-null field is an error naming its path")
    func nullInNonNull() {
        var broken = user
        broken["followerCount"] = .null
        #expect {
            _ = try UserDetailsQuery.Data(data: ["user": .object(broken)], variables: ["withEmail": false])
        } throws: { error in
            let error = error as? GraphQLDecodingError
            return error?.reason == .nullValue && error?.path == ["user", "followerCount"]
        }
    }

    @Test("a value of the wrong kind is a type mismatch that does not quote the value")
    func wrongKind() {
        var broken = user
        broken["name"] = .int(42)
        #expect {
            _ = try UserDetailsQuery.Data(data: ["user": .object(broken)], variables: ["withEmail": false])
        } throws: { error in
            let error = error as? GraphQLDecodingError
            return error?.reason == .typeMismatch(expected: "string", found: "integer")
                && error?.description.contains("42") == false
        }
    }

    @Test("an enum value the client does not know survives and re-encodes unchanged")
    func unknownEnum() throws {
        var future = user
        future["role"] = "SUPERVISOR"
        let data = try UserDetailsQuery.Data(data: ["user": .object(future)], variables: ["withEmail": false])
        let role = try #require(data.user?.role)
        #expect(role == .unknown("SUPERVISOR"))
        #expect(role.value == nil)
        #expect(role.jsonValue == "SUPERVISOR")
    }

    @Test("a Long above 2^53 decodes exactly, from a number or a string")
    func exactLong() throws {
        #expect(try Int64(jsonValue: .int(9_007_199_254_740_993)) == 9_007_199_254_740_993)
        #expect(try Int64(jsonValue: "-9223372036854775808") == Int64.min)
        #expect(throws: GraphQLDecodingError.self) { try Int64(jsonValue: .double(1.5)) }
        #expect(throws: GraphQLDecodingError.self) { try Int64(jsonValue: "12x") }
    }

    @Test("list elements carry their index in the error path")
    func listErrorPath() {
        #expect {
            _ = try [String].decode(from: ["a", .int(1)], in: GraphQLDecodingContext())
        } throws: { error in
            (error as? GraphQLDecodingError)?.path == [1]
        }
    }

    @Test("an observer sees every object with its response path, for cache normalization in the same pass")
    func observerSeesObjects() throws {
        final class Recorder: GraphQLDecodingObserver {
            var visits: [(String, String)] = []
            func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: ResponsePath) {
                visits.append((selectionSet.generatedType.map { String(describing: $0) } ?? "?", path.description))
            }
        }
        let recorder = Recorder()
        let body = try #require(GraphQLResponseBody(json: ["data": ["user": .object(user)]]))
        _ = try body.decodeData(UserDetailsQuery.Data.self, variables: ["withEmail": true], observer: recorder)
        #expect(recorder.visits.map(\.0) == ["Data", "User", "UserFields"])
        #expect(recorder.visits.map(\.1) == ["", "user", "user"])
    }

    @Test("field arguments resolve variables, leaving absent ones out")
    func argumentsResolve() throws {
        guard case .field(let field) = CreateUserMutation.Data.__selections[0] else {
            Issue.record("expected a field")
            return
        }
        let variables = CreateUserMutation(name: "Bo", role: .null).variables
        #expect(field.resolvedArguments(with: variables) == ["name": "Bo", "role": nil])
    }
}
