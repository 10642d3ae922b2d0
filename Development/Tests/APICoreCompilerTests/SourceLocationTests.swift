import APICoreCompiler
import Testing

@Suite("Source locations")
struct SourceLocationTests {
    @Test("locations render as path:line:column and do not take part in AST equality")
    func locations() {
        let here = SourceLocation(file: "a.graphql", line: 3, column: 7, offset: 40)
        let there = SourceLocation(file: "b.graphql", line: 1, column: 1, offset: 0)
        #expect(here.description == "a.graphql:3:7")
        #expect(Name("id", location: here) == Name("id", location: there))
        #expect(!here.isSamePlace(as: there))
        let diagnostic = Diagnostic(.error, "duplicate field", at: [here, there], rule: "Test")
        #expect(
            diagnostic.description == "a.graphql:3:7: error: duplicate field\nb.graphql:1:1: note: related location")
    }
}
