import APICoreCompiler
import Foundation

/// Every key of Apollo iOS 1.x's and 2.x's `apollo-codegen-config.json` that apicore does not honour, with what to do
/// instead. ``ApolloConfigurationReader`` reports each such key once, at the key; the keys it honours are read there.
enum ApolloConfigurationKeys {
    /// What a key does in apicore when it is not read as Apollo reads it.
    enum Treatment {
        /// apicore does what the key asks anyway, whatever its value.
        case alwaysSo
        /// apicore does what the key asks when its value is `value`; any other value is reported with `advice`.
        case when(value: String, otherwise: String)
        /// The key is ignored; `advice` says what to use instead.
        case ignored(advice: String)
    }

    /// The keys by path (`options.schemaDocumentation`), as Apollo spells them.
    static let table: [String: Treatment] = [
        "output.testMocks.absolute.accessModifier": .ignored(
            advice: "the test mocks take the access level of the schema types"),
        "output.schemaTypes.moduleType.swiftPackage.apolloSDKDependency": .ignored(
            advice: "the generated code depends on APICoreKit's APICoreGraphQL product; add it to the package instead"),
        "operationManifest.generateManifestOnCodeGeneration": .when(
            value: "true",
            otherwise: "apicore writes the manifest on every generation; remove \"operationManifest\" to write none"),
        "options.operationDocumentFormat": .alwaysSo,
        "options.pruneGeneratedFiles": .when(
            value: "true", otherwise: "apicore always removes the stale files of the folders it generates into"),
        "options.markOperationDefinitionsAsFinal": .alwaysSo,
        "options.reduceGeneratedSchemaTypes": .alwaysSo,
        "options.apqs": .ignored(
            advice: "automatic persisted queries are a run-time setting: APIClientConfiguration.persistedQueries"),
        "options.queryStringLiteralFormat": .ignored(
            advice: "apicore writes each document as one single-line string literal"),
        "options.deprecatedEnumCases": .when(
            value: "include", otherwise: "apicore generates every enum case, deprecated ones marked @available"),
        "options.schemaDocumentation": .when(
            value: "include", otherwise: "apicore always carries the schema's descriptions as doc comments"),
        "options.warningsOnDeprecatedUsage": .when(
            value: "include", otherwise: "apicore always marks deprecated fields and enum cases @available(deprecated)"),
        // Read by the configuration reader: any kind turned on gives every selection set its initializers.
        "options.selectionSetInitializers": .alwaysSo,
        "options.additionalInflectionRules": .ignored(
            advice: "apicore names the struct of a list field after the field as written, without inflection"),
        "options.cocoapodsCompatibleImportStatements": .ignored(
            advice: "generated files import the APICoreGraphQL module; CocoaPods is not supported"),
        "options.conversionStrategies.enumCases": .when(
            value: "camelCase", otherwise: "apicore names enum cases in camelCase"),
        "options.conversionStrategies.fieldAccessors": .ignored(
            advice: "apicore keeps field names as the schema writes them"),
        "options.conversionStrategies.inputObjects": .ignored(
            advice: "apicore keeps input object field names as the schema writes them"),
        "options.schemaCustomization": .ignored(
            advice: "rename types in the operations with aliases, or in the app's domain models"),
        "output.operations.relative.extension": .when(
            value: "graphql.swift", otherwise: "apicore names every generated file <Name>.graphql.swift"),
        // Apollo's ids and documents, without the key fields apicore adds otherwise (the reader turns them off).
        "experimentalFeatures.legacySafelistingCompatibleOperations": .alwaysSo,
        "experimentalFeatures.clientControlledNullability": .when(
            value: "false", otherwise: "apicore does not generate the client-controlled nullability proposal's ! and ?"),
        "experimentalFeatures.fieldMerging": .when(
            value: "all", otherwise: "apicore merges fields into each selection set as Apollo's default (\"all\") does"),
        "schemaDownloadConfiguration": .ignored(advice: "download the schema with `apicore fetch-schema`"),
        "schemaDownload": .ignored(advice: "download the schema with `apicore fetch-schema`"),
    ]

    /// The warning for `key` at `path` with `value`, or `nil` when apicore does what it asks.
    static func warning(for path: String, value: LocatedJSON) -> String? {
        guard let treatment = table[path] else {
            return "\"\(path)\" is not a key of Apollo iOS's configuration (1.x or 2.x) and is ignored"
        }
        switch treatment {
        case .alwaysSo:
            return nil
        case .when(let expected, let advice):
            if case .bool(let flag) = value.kind, String(flag) == expected { return nil }
            if case .string(let text) = value.kind, text == expected { return nil }
            if case .array(let items) = value.kind, items.count == 1, case .string(expected) = items[0].kind {
                return nil
            }
            return "The Apollo key \"\(path)\" is ignored: \(advice)"
        case .ignored(let advice):
            let download = downloadAdvice(path: path, value: value)
            return "The Apollo key \"\(path)\" is ignored: \(download ?? advice)"
        }
    }

    /// For a schema download over introspection, the `apicore fetch-schema` command that does the same, with each
    /// header's value and the endpoint's credentials and query values redacted: a token committed in a configuration
    /// must not reach a build log.
    private static func downloadAdvice(path: String, value: LocatedJSON) -> String? {
        guard path == "schemaDownload" || path == "schemaDownloadConfiguration",
            let method = value.member("downloadMethod"), let introspection = method.member("introspection"),
            case .string(let endpoint)? = introspection.member("endpointURL")?.kind
        else { return nil }
        var command = "apicore fetch-schema --endpoint \(ConfigurationSecrets.redacted(url: endpoint))"
        if case .array(let headers)? = value.member("headers")?.kind {
            for header in headers {
                if case .string(let key)? = header.member("key")?.kind {
                    command += " --header '\(key): \(ConfigurationSecrets.placeholder)'"
                }
            }
        }
        if case .string(let output)? = value.member("outputPath")?.kind { command += " --output \(output)" }
        return "download the schema with `\(command)`"
    }
}

/// What a message may say of a configuration's secrets: nothing. Values are replaced by the placeholder the client's
/// logging writes.
enum ConfigurationSecrets {
    static let placeholder = "<redacted>"

    /// A URL with its user, password and query values (or a bare query token) replaced by the placeholder and its
    /// fragment dropped; text that does not parse as a URL is the placeholder whole.
    static func redacted(url text: String) -> String {
        guard var components = URLComponents(string: text), components.scheme != nil else { return placeholder }
        if components.user != nil { components.user = placeholder }
        if components.password != nil { components.password = placeholder }
        components.fragment = nil
        if let items = components.queryItems, !items.isEmpty {
            components.queryItems = items.map { item in
                // A query item without a value may be a token by itself.
                URLQueryItem(
                    name: item.value == nil ? placeholder : item.name, value: item.value.map { _ in placeholder })
            }
        }
        guard let string = components.string else { return placeholder }
        return string.replacingOccurrences(of: "%3Credacted%3E", with: placeholder)
    }
}

extension LocatedJSON {
    /// The value of member `key` of an object.
    func member(_ key: String) -> LocatedJSON? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }
}
