import APICoreCompiler
import Foundation
import Testing

/// Nesting deeper than `ParseOptions.maximumDepth` is a located error, never a stack overflow.
@Suite("Depth limit")
struct DepthLimitTests {
    /// Runs `body` on a thread of its own with a stack of `megabytes` MiB, which unbounded recursion would overflow.
    private func onThread<Result: Sendable>(
        stackMegabytes megabytes: Int, _ body: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = megabytes << 20
            thread.start()
        }
    }

    private static func depthError(_ parse: () throws -> Void) -> String? {
        do {
            try parse()
            return nil
        } catch {
            guard let error = error as? CompilerError else { return "unexpected \(error)" }
            let location = error.diagnostics[0].locations[0]
            return "\(location.line):\(location.column): \(error.diagnostics[0].message)"
        }
    }

    private static let message = "Syntax Error: Document nests selection sets, values or types deeper than 256 levels."

    @Test("100,000 nested selection sets, lists, objects and list types fail at level 257, on a 2 MiB stack")
    func hostileNesting() async {
        let depth = 100_000
        let results = await onThread(stackMegabytes: 2) {
            [
                Self.depthError { _ = try Parser.parse(Source(name: "", text: String(repeating: "{a", count: depth))) },
                Self.depthError { _ = try Parser.parseValue(String(repeating: "[", count: depth)) },
                Self.depthError { _ = try Parser.parseValue(String(repeating: "{a: ", count: depth)) },
                Self.depthError { _ = try Parser.parseType(String(repeating: "[", count: depth)) },
                Self.depthError {
                    _ = try Parser.parse(
                        Source(name: "", text: "query($v: " + String(repeating: "[", count: depth) + "Int")
                    )
                },
                Self.depthError {
                    _ = try Parser.parse(
                        Source(name: "", text: "{ f(a: " + String(repeating: "[{a: ", count: depth / 2) + "1")
                    )
                },
            ]
        }
        #expect(results[0] == "1:513: " + Self.message)
        #expect(results[1] == "1:257: " + Self.message)
        #expect(results[2] == "1:1025: " + Self.message)
        #expect(results[3] == "1:257: " + Self.message)
        #expect(results[4] == "1:267: " + Self.message)
        #expect(results[5] == "1:644: " + Self.message)
    }

    @Test("nesting up to the limit parses, and prints back (on a thread with the usual 8 MiB stack)")
    func nestingAtTheLimit() async throws {
        let results = await onThread(stackMegabytes: 8) {
            let selections = String(repeating: "{a", count: 256) + String(repeating: "}", count: 256)
            let values = "{ f(a: " + String(repeating: "[", count: 255) + String(repeating: "]", count: 255) + ") }"
            let types =
                "query($v: " + String(repeating: "[", count: 256) + "Int" + String(repeating: "]", count: 256)
                + ") { a }"
            return [selections, values, types].map { text in
                Result { () throws(CompilerError) in
                    let document = try Parser.parse(Source(name: "", text: text))
                    return try Parser.parse(Source(name: "", text: Printer.print(document))) == document
                }
            }
        }
        for result in results {
            #expect(try result.get())
        }
    }

    @Test("the limit is an option")
    func customLimit() {
        let text = "{ a { b { c } } }"
        #expect(throws: Never.self) {
            try Parser.parse(Source(name: "", text: text), options: ParseOptions(maximumDepth: 3))
        }
        let error = Self.depthError {
            _ = try Parser.parse(Source(name: "", text: text), options: ParseOptions(maximumDepth: 2))
        }
        #expect(error == "1:9: Syntax Error: Document nests selection sets, values or types deeper than 2 levels.")
    }
}
