import APICoreCodegen
import Testing

@Suite("Codegen configuration")
struct CodegenConfigurationTests {
    @Test("a configuration carries its schema namespace")
    func namespace() {
        #expect(CodegenConfiguration(schemaNamespace: "GitHubGraphQL").schemaNamespace == "GitHubGraphQL")
    }
}
