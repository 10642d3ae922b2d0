import APICoreCompiler
import Foundation

extension CodegenConfiguration {
    /// Reads `output.testMocks` in Apollo's shapes: `{"none": {}}`, `{"absolute": {"path": "..."}}` or
    /// `{"swiftPackage": {"targetName": "..."}}` (the folder `Sources/<targetName>`), each with an optional
    /// `"schemaTypesModule"` that the mocks import (`null`: none). Left out, it is `output.schemaTypes.module`, or else
    /// the module the paths say (``importedModule(mocks:path:schemaTypesPath:baseDirectory:)``).
    static func testMocksOptions(
        _ reader: ConfigurationReader, schemaTypesModule: String?, schemaTypesPath: String?, baseDirectory: String
    ) throws(CompilerError) -> TestMocksOptions? {
        try reader.allowKeys(["none", "absolute", "swiftPackage"])
        let members = try reader.members()
        guard members.count == 1, let kind = members.first else {
            throw reader.failure("must have one of \"none\", \"absolute\" or \"swiftPackage\"")
        }
        let options = ConfigurationReader(kind.value, path: reader.path + "." + kind.key)
        let path: String
        switch kind.key {
        case "absolute":
            try options.allowKeys(["path", "schemaTypesModule"])
            path = try options.required("path").string()
        case "swiftPackage":
            try options.allowKeys(["targetName", "schemaTypesModule"])
            path = "Sources/" + (try options.required("targetName").identifier())
        default:
            try options.allowKeys([])
            return nil
        }
        if let own = try options.optional("schemaTypesModule") {
            if case .null = own.value.kind { return TestMocksOptions(path: path, schemaTypesModule: nil) }
            return TestMocksOptions(path: path, schemaTypesModule: try own.identifier())
        }
        if let schemaTypesModule { return TestMocksOptions(path: path, schemaTypesModule: schemaTypesModule) }
        let inferred = try importedModule(
            mocks: options, path: path, schemaTypesPath: schemaTypesPath, baseDirectory: baseDirectory)
        return TestMocksOptions(path: path, schemaTypesModule: inferred)
    }

    /// The module test mocks at `path` import for schema types generated into `schemaTypesPath` (both resolved
    /// against `baseDirectory`), when no setting names it: none when the mocks are inside the schema types' folder or
    /// inside the SwiftPM target folder (`.../Sources/<Target>/`) that holds it; else that target. Mocks outside the
    /// schema types' folder, which is in no SwiftPM target folder, fail at the test mocks' key, asking for
    /// `schemaTypesModule`.
    static func importedModule(
        mocks reader: ConfigurationReader, path: String, schemaTypesPath: String?, baseDirectory: String
    ) throws(CompilerError) -> String? {
        guard let schemaTypesPath else { return nil }
        let schema = folders(of: schemaTypesPath, in: baseDirectory)
        let mocks = folders(of: path, in: baseDirectory)
        if mocks.starts(with: schema) { return nil }
        if let index = schema.lastIndex(of: "Sources"), index + 1 < schema.count {
            let target = schema[...(index + 1)]
            return mocks.starts(with: target) ? nil : schema[index + 1]
        }
        throw reader.failure(
            "puts the test mocks in \"\(path)\", outside the schema types' folder \"\(schemaTypesPath)\", which is in no "
                + "SwiftPM target folder (Sources/<Target>/): add \"schemaTypesModule\" with the module that holds the "
                + "schema types, which the mocks import (null when the mocks are compiled into that module)")
    }

    /// The folders of `path` resolved against `baseDirectory`, with `.` and `..` resolved.
    private static func folders(of path: String, in baseDirectory: String) -> [String] {
        resolvedComponents(of: path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path))
    }
}
