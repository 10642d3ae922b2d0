import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Testing

@Suite("SHA-256")
struct GraphQLSHA256Tests {
    @Test("matches the FIPS 180-4 test vectors")
    func vectors() {
        #expect(GraphQLSHA256.hexDigest(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            GraphQLSHA256.hexDigest(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            GraphQLSHA256.hexDigest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            GraphQLSHA256.hexDigest(of: String(repeating: "a", count: 1_000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("generated operations carry the SHA-256 of their document as their persisted-query id")
    func operationIdentifiers() {
        #expect(UserDetailsQuery.operationIdentifier == GraphQLSHA256.hexDigest(of: UserDetailsQuery.document))
        #expect(CreateUserMutation.operationIdentifier == GraphQLSHA256.hexDigest(of: CreateUserMutation.document))
    }
}
