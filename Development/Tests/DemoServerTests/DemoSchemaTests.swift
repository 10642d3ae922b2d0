import Foundation
import GraphQL
import Testing

@testable import DemoServerKit

/// The schema the server executes is the committed app schema.
@Suite("DemoSchema")
struct DemoSchemaTests {
    /// `<root>`: this file is `<root>/Tests/DemoServerTests/DemoSchemaTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Compares the printed definitions as sets: GraphQLSwift prints types in the order it collected them.
    @Test("the executable schema prints the definitions of Examples/Schema/app.graphqls, apart from @domain")
    func matchesAppSchema() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/Schema/app.graphqls"), encoding: .utf8)
        let committed = try buildSchema(source: text)
        let executable = try DemoSchema.make(store: DemoStore())
        let expected = Set(
            printSchema(schema: committed).components(separatedBy: "\n\n").filter { !$0.contains("directive @domain") })
        let served = Set(printSchema(schema: executable).components(separatedBy: "\n\n"))
        #expect(served.subtracting(expected).sorted() == [])
        #expect(expected.subtracting(served).sorted() == [])
    }
}
