import APICoreCompiler
import Testing

@Suite("Validation across files")
struct CrossFileValidationTests {
    @Test("a fragment defined in one file is usable in another, with its variables")
    func sharedFragment() throws {
        let diagnostics = try ValidationHarness.diagnostics(files: [
            ("DogQuery.graphql", "query DogQuery($surname: Boolean) { dog { ...DogFields } }"),
            ("DogFields.graphql", "fragment DogFields on Dog { name(surname: $surname) barks }"),
        ])
        #expect(diagnostics == [])
    }

    @Test("duplicate operation and fragment names across files are reported with both locations")
    func duplicates() throws {
        let diagnostics = try ValidationHarness.diagnostics(files: [
            ("A.graphql", "query Pets { dog { ...F } }\nfragment F on Dog { name }"),
            ("B.graphql", "query Pets { cat { name } }\nfragment F on Dog { barks }"),
        ])
        #expect(
            diagnostics == [
                #"UniqueOperationNames: There can be only one operation named "Pets". @ A.graphql:1:7, B.graphql:1:7"#,
                #"UniqueFragmentNames: There can be only one fragment named "F". @ A.graphql:2:10, B.graphql:2:10"#,
            ])
    }

    @Test("an anonymous operation is alone only if the whole unit has one operation")
    func loneAnonymous() throws {
        let diagnostics = try ValidationHarness.diagnostics(files: [
            ("A.graphql", "{ dog { name } }"),
            ("B.graphql", "query B { cat { name } }"),
        ])
        #expect(
            diagnostics == [
                "LoneAnonymousOperation: This anonymous operation must be the only defined operation. @ A.graphql:1:1"
            ])
    }
}
