import APICoreCompiler
import APICoreTestSupport
import Testing

@Suite("graphql-js kitchen sinks", .cpuBound)
struct KitchenSinkTests {
    private func parse(_ path: String) throws -> Document {
        try Parser.parse(Source(name: path, text: try Corpus.text("graphql-js/" + path)))
    }

    @Test("the kitchen-sink query has every executable form")
    func query() throws {
        let document = try parse("kitchen-sink-query.graphql")
        let operations = document.operations
        #expect(operations.map(\.kind) == [.query, .mutation, .subscription, .query, .query])
        #expect(operations.map(\.name?.value) == ["queryName", "likeStory", "StoryLikeSubscription", nil, nil])
        let query = operations[0]
        #expect(query.variableDefinitions.map(\.name.value) == ["foo", "site"])
        #expect(query.variableDefinitions[1].defaultValue == Value(.enumValue("MOBILE")))
        #expect(query.directives.map(\.name.value) == ["onQuery"])
        guard case .field(let node) = query.selectionSet.selections[0] else {
            Issue.record("the first selection is not a field")
            return
        }
        #expect(node.alias?.value == "whoever123is")
        #expect(node.arguments[0].value == Value(.list([Value(.int("123")), Value(.int("456"))])))
        let selections = try #require(node.selectionSet).selections
        guard case .inlineFragment(let typed) = selections[1], case .inlineFragment(let untyped) = selections[2] else {
            Issue.record("inline fragments expected")
            return
        }
        #expect(typed.typeCondition?.value == "User")
        #expect(untyped.typeCondition == nil)
        #expect(untyped.directives.first?.name.value == "skip")
        let subscription = operations[2]
        #expect(subscription.variableDefinitions[0].directives.map(\.name.value) == ["onVariableDefinition"])
        let fragment = try #require(document.fragments.first)
        guard case .field(let foo) = fragment.selectionSet.selections[0],
            case .object(let fields) = foo.arguments[2].value.kind
        else {
            Issue.record("fragment frag has no object argument")
            return
        }
        #expect(fields[1].value == Value(.string("block string uses \"\"\"", isBlock: true)))
        guard case .field(let unnamed) = operations[3].selectionSet.selections[0] else {
            Issue.record("the shorthand query has no field")
            return
        }
        #expect(unnamed.arguments.map(\.value) == [Value(.boolean(true)), Value(.boolean(false)), Value(.null)])
    }

    @Test("the kitchen-sink SDL has every type-system form and extension")
    func schemaDefinitionLanguage() throws {
        let document = try parse("kitchen-sink-sdl.graphqls")
        let types = document.definitions.compactMap { if case .type(let type) = $0 { type } else { nil } }
        let extensions = types.filter(\.isExtension).map(\.name.value)
        #expect(
            extensions == [
                "Foo", "Foo", "Bar", "Bar", "Feed", "Feed", "CustomScalar", "Site", "Site", "InputType", "InputType",
            ])
        let foo = try #require(types.first { $0.name.value == "Foo" })
        #expect(foo.description == Description("This is a description\nof the `Foo` type.", isBlock: true))
        guard case .object(let interfaces, let fields) = foo.kind else {
            Issue.record("Foo is not an object type")
            return
        }
        #expect(interfaces.map(\.value) == ["Bar", "Baz", "Two"])
        #expect(fields[0].description == Description("Description of the `one` field.", isBlock: false))
        #expect(
            fields[5].arguments[0].defaultValue
                == Value(.object([Argument(name: Name("key"), value: Value(.string("value", isBlock: false)))])))
        let feed = try #require(types.first { $0.name.value == "Feed" })
        #expect(feed.kind == .union(members: [Name("Story"), Name("Article"), Name("Advert")]))
        let directives = document.definitions.compactMap { if case .directive(let node) = $0 { node } else { nil } }
        #expect(directives.map(\.name.value) == ["skip", "include", "include2", "myRepeatableDir"])
        #expect(directives.map(\.isRepeatable) == [false, false, false, true])
        #expect(directives[1].locations.map(\.value) == ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"])
        let schemas = document.definitions.compactMap { if case .schema(let node) = $0 { node } else { nil } }
        #expect(schemas.map(\.isExtension) == [false, true, true])
        #expect(schemas[0].description?.value == "This is a description of the schema as a whole.")
        #expect(
            schemas[2].operationTypes == [
                OperationTypeDefinition(operation: .subscription, type: Name("SubscriptionType"))
            ])
    }
}
