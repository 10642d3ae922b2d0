import APICoreGraphQL
import APICoreJSON

/// libFuzzer's entry point: the JSON reader must never crash or hang on any bytes, and whatever it reads must
/// survive being written and read again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let value = try? JSONReader().read(bytes) else { return 0 }
    let written = JSONWriter().write(value)
    guard let reread = try? JSONReader().read(written) else {
        fatalError("the writer's output does not read back: \(JSONWriter().string(value))")
    }
    guard reread == value else { fatalError("a value changed on its way through the writer and the reader") }
    return 0
}
