/// Puts the `null` of the GraphQL multipart request spec where each file goes in hand-written variables.
package enum UploadPaths {
    /// `variables` with `null` at every file's path (added where the path's last member is missing).
    ///
    /// A path must start with `variables.`, and everything above its last component must already be in the
    /// variables: `variables.input.avatar` needs an `input` object, `variables.files.1` a `files` list of at least
    /// two elements. Otherwise it throws ``APIError/Code/invalidRequest`` saying which path is wrong and why.
    package static func placingNulls(
        for files: [GraphQLFileUpload],
        in variables: JSONObject,
        operationName: String? = nil
    ) throws(APIError) -> JSONObject {
        var root = JSONValue.object(variables)
        for file in files {
            let components = file.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard components.count >= 2, components[0] == "variables", !components.contains(where: \.isEmpty) else {
                throw APIError(
                    .invalidRequest, operationName: operationName,
                    reason: "the file path \(file.path) does not name a variable (it must start with variables.)")
            }
            do throws(PathProblem) {
                try placeNull(at: components.dropFirst(), in: &root)
            } catch {
                throw APIError(
                    .invalidRequest, operationName: operationName,
                    reason: "the file path \(file.path) does not fit the variables: \(error.text)")
            }
        }
        guard case .object(let placed) = root else { return variables }
        return placed
    }

    private struct PathProblem: Error {
        let text: String
    }

    private static func placeNull(at components: ArraySlice<String>, in value: inout JSONValue) throws(PathProblem) {
        guard let component = components.first else {
            value = .null
            return
        }
        let rest = components.dropFirst()
        switch value {
        case .object(var object):
            guard var member = object[component] else {
                guard rest.isEmpty else { throw PathProblem(text: "\(component) is not in the variables") }
                object[component] = .null
                value = .object(object)
                return
            }
            try placeNull(at: rest, in: &member)
            object[component] = member
            value = .object(object)
        case .array(var elements):
            guard let index = Int(component), elements.indices.contains(index) else {
                throw PathProblem(text: "\(component) is not an index of a list of \(elements.count)")
            }
            try placeNull(at: rest, in: &elements[index])
            value = .array(elements)
        default:
            throw PathProblem(text: "\(component) is inside a value that is neither an object nor a list")
        }
    }
}
