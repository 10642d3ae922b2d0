import APICoreGraphQL

/// Repairs response data in which a non-null field is `null`, as the GraphQL spec's rules for field errors say a
/// server should have: the `null` goes up to the nearest field or list element that may be null, and an error at the
/// field's path says why.
///
/// A compliant server never sends such data, so decoding tries the data as it is first and comes here only when it
/// fails with `GraphQLDecodingError.Reason.nullValue`. The repaired data decodes as a partial result: the nullable
/// parent is `nil`, its siblings keep their values, and the errors say which fields were null. When no parent may be
/// null, `data` itself becomes `null`.
///
/// The same walk applies what the operation asked of its fields' errors (`GraphQLField.catching`): an error at a
/// position that throws (`@catch(to: THROW)`) goes on up as a `null` in a non-null position would, and a result field
/// (`@catch(to: RESULT)`) stops whatever error reaches it and keeps it beside its `null`
/// (`GraphQLErrorCatching.errorKey(of:)`).
public enum GraphQLNullPropagation {
    /// The `code` in the extensions of the errors this adds.
    public static let errorCode = "NULL_IN_NON_NULL_FIELD"

    /// `body` with every `null` in a non-null position propagated to its nearest nullable parent, for data of the
    /// selection set `type`; each such field gets an error unless the server already sent one with its path, or with
    /// a path below it whose `null` the server took up to it.
    public static func repair(
        _ body: GraphQLResponseBody,
        as type: any GraphQLSelectionSet.Type,
        variables: JSONObject
    ) -> GraphQLResponseBody {
        repair(body, as: GraphQLSelectionTree(type), variables: variables)
    }

    /// `body` repaired for data of the selection set `tree`.
    public static func repair(
        _ body: GraphQLResponseBody,
        as type: GraphQLSelectionTree,
        variables: JSONObject
    ) -> GraphQLResponseBody {
        guard let data = body.data else { return body }
        let walker = Walker(variables: variables, sent: body.errors)
        let repaired = walker.object(data, as: type)
        return GraphQLResponseBody(data: repaired, errors: body.errors + walker.errors, extensions: body.extensions)
    }

    private final class Walker {
        let variables: JSONObject
        /// The errors the server sent.
        let sent: [GraphQLError]
        var errors: [GraphQLError] = []
        var path: [ResponsePath.Component] = []

        init(variables: JSONObject, sent: [GraphQLError]) {
            self.variables = variables
            self.sent = sent
        }

        /// Whether `error` is for the current position or a field below it.
        func isAtOrBelowPath(_ error: GraphQLError) -> Bool {
            error.path?.components.starts(with: path) == true
        }

        /// The first error, sent or added, at the current path or below it: the one that left its `null` there.
        func errorAtOrBelowPath() -> GraphQLError? {
            sent.first(where: isAtOrBelowPath) ?? errors.first(where: isAtOrBelowPath)
        }

        /// The object with its nulls propagated; `nil` when it must be `null` itself.
        func object(_ object: JSONObject, as type: GraphQLSelectionTree) -> JSONObject? {
            var visitor = Visitor(object: object, repair: self)
            do {
                try GraphQLSelectionWalker(variables: variables).walk(type, visitor: &visitor)
            } catch {
                return nil
            }
            return visitor.object
        }

        /// Repairs each selected field of one object; fragments and type cases that apply are walked as part of it.
        private struct Visitor: GraphQLSelectionVisitor {
            /// A non-null field of the object is `null` after propagation: the object itself becomes `null`.
            struct NullReachesObject: Error {}
            typealias Failure = NullReachesObject

            var object: JSONObject
            let repair: Walker

            var typename: String? { object["__typename"]?.stringValue }

            mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) throws(NullReachesObject) {
                // A missing field or a value of the wrong kind is for decoding to report.
                guard let value = object[field.responseKey] else { return }
                repair.path.append(.field(field.responseKey))
                defer { repair.path.removeLast() }
                let repaired = repair.value(
                    value, type: field.type, field: "\(parent.name).\(field.name)", catching: field.catching, level: 0)
                // A result field keeps the error that left it `null`, however far below it the error was.
                if field.catching?.isResult == true, repaired == nil || repaired == .null,
                    let error = repair.errorAtOrBelowPath()
                {
                    object[field.responseKey] = .null
                    object[GraphQLErrorCatching.errorKey(of: field.responseKey)] = error.jsonValue
                    return
                }
                guard let repaired else { throw NullReachesObject() }
                object[field.responseKey] = repaired
            }

            func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) -> Bool { true }
        }

        /// A field's or element's value, at list `level` of the field, with its nulls propagated; `nil` when it must be
        /// `null` and may not be, or when it holds an error its position throws up.
        func value(
            _ value: JSONValue, type: GraphQLOutputType, field: String, catching: GraphQLErrorCatching?, level: Int
        ) -> JSONValue? {
            if case .nonNull(let inner) = type {
                guard case .null = value else {
                    return contents(value, type: inner, field: field, catching: catching, level: level)
                }
                report(field)
                return nil
            }
            let throwsErrors = catching?.throwsErrors(atLevel: level) == true
            if case .null = value {
                return throwsErrors && errorAtOrBelowPath() != nil ? nil : .null
            }
            if let repaired = contents(value, type: type, field: field, catching: catching, level: level) {
                return repaired
            }
            return throwsErrors ? nil : .null
        }

        /// A non-null value's contents (list elements, object fields) with their nulls propagated.
        private func contents(
            _ value: JSONValue, type: GraphQLOutputType, field: String, catching: GraphQLErrorCatching?, level: Int
        ) -> JSONValue? {
            switch (type, value) {
            case (.nonNull, _):
                return self.value(value, type: type, field: field, catching: catching, level: level)
            case (.list(let element), .array(let elements)):
                var repaired: [JSONValue] = []
                repaired.reserveCapacity(elements.count)
                for (index, item) in elements.enumerated() {
                    path.append(.index(index))
                    let repairedItem = self.value(
                        item, type: element, field: field, catching: catching, level: level + 1)
                    path.removeLast()
                    guard let repairedItem else { return nil }
                    repaired.append(repairedItem)
                }
                return .array(repaired)
            case (.object(let selectionSet), .object(let object)):
                return self.object(object, as: selectionSet).map(JSONValue.object)
            default:
                return value
            }
        }

        private func report(_ field: String) {
            let at = ResponsePath(path)
            // The server's error for the field, or for one below it whose null the server took up to it, says why.
            guard !sent.contains(where: isAtOrBelowPath) else { return }
            var extensions = JSONObject()
            extensions["code"] = .string(GraphQLNullPropagation.errorCode)
            errors.append(
                GraphQLError(
                    message:
                        "The server sent null for the non-null field \(field); the null went to the nearest nullable parent.",
                    path: at, extensions: extensions))
        }
    }
}
