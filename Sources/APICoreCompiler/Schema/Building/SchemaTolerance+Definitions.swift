/// The diagnostics of definitions that graphql-js 16 leaves out or reads differently from the specification.
extension SchemaTolerance {
    /// An operation or fragment in a schema document: graphql-js's `buildASTSchema` skips them. `what` is
    /// `this query` or `fragment "F"`.
    static func executableDefinition(_ what: String, at location: SourceLocation, isStrict: Bool) -> Diagnostic {
        let kind = what.hasPrefix("fragment") ? "fragments" : "operations"
        return strictError(
            "A schema document cannot contain \(kind); move \(what) to an operation document.",
            orWarning:
                "A schema document cannot contain \(kind), so \(what) is ignored, as graphql-js does. Move it to an "
                + "operation document, or build with --strict to make it an error.",
            isStrict: isStrict, at: location, rule: "TypeSystemDefinitionsOnly")
    }

    /// A definition named like a built-in scalar that is not a scalar (`type Int { ... }`): the built-in scalar is used
    /// instead, as graphql-js does; an error in a strict build. `kind` is "an object type", "an input object", ...
    static func builtInScalarRedefinition(
        _ name: String,
        as kind: String,
        at location: SourceLocation,
        isStrict: Bool
    ) -> Diagnostic {
        strictError(
            "\"\(name)\" is a built-in scalar; it cannot be defined as \(kind). Rename the type.",
            orWarning:
                "\"\(name)\" is a built-in scalar, so this definition of it as \(kind) is ignored and the built-in "
                + "scalar is used, as graphql-js does. Rename the type, or build with --strict to make it an error.",
            isStrict: isStrict, at: location, rule: "BuiltInScalars")
    }

    /// The error of a strict build, else the warning of a tolerant one that reads the input as graphql-js does.
    private static func strictError(
        _ error: @autoclosure () -> String,
        orWarning warning: @autoclosure () -> String,
        isStrict: Bool,
        at location: SourceLocation,
        rule: String
    ) -> Diagnostic {
        isStrict
            ? Diagnostic(.error, error(), at: [location], rule: rule)
            : Diagnostic(.warning, warning(), at: [location], rule: rule)
    }

    /// `extend input X @oneOf` when the definition of `X` has no `@oneOf`: graphql-js reads `@oneOf` from the
    /// definition only, so `X` stays an ordinary input object.
    static func ignoredOneOfExtension(of name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .warning,
            "This @oneOf is ignored: graphql-js reads @oneOf from the definition of \"\(name)\" only, not from its "
                + "extensions, so \"\(name)\" is an ordinary input object. Move it to \"input \(name) @oneOf\", or "
                + "build with --strict to apply it.",
            at: [location], rule: "OneOfInputObjects")
    }
}
