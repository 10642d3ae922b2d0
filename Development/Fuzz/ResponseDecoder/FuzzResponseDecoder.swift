import APICoreGraphQL
import APICoreJSON

/// libFuzzer's entry point: decoding a response into a generated type (the Apollo GitHub corpus's
/// `IssuesAndCommentsForRepository`) must never crash on any JSON: it decodes, or throws a decoding error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard case .object(let body)? = try? JSONReader().read(bytes) else { return 0 }
    let data: JSONObject
    if case .object(let inner)? = body["data"] { data = inner } else { data = body }
    if let decoded = try? IssuesAndCommentsForRepositoryQuery.Data(data: data) {
        // A decoded value exposes its data again; reading a field must not trap.
        _ = decoded.repository?.issues.nodes?.count
    }
    return 0
}
