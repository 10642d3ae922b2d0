/// Finds the operations of a hand-written document without parsing it fully: their kinds and names, so the client
/// knows whether the operation it sends is a query (GET, retries) or a mutation, and what to call it in logs.
///
/// It tracks brace depth at the top level and skips strings, block strings and comments; at depth zero a
/// `query`/`mutation`/`subscription` keyword starts an operation, a bare `{` is the query shorthand, and `fragment`
/// definitions are passed over.
struct OperationScanner {
    struct Operation: Equatable {
        var kind: GraphQLOperationType
        var name: String?
    }

    private enum State {
        /// Between definitions.
        case idle
        /// After `query`, `mutation` or `subscription`: a name may follow.
        case keyword(GraphQLOperationType)
        /// In an operation's or fragment's header, before its selection set.
        case header
    }

    /// The document's operations, in order.
    static func operations(in document: String) -> [Operation] {
        // Read in place: a native string's bytes are contiguous, so this copies nothing.
        var document = document
        return document.withUTF8 { operations(in: $0) }
    }

    private static func operations(in bytes: UnsafeBufferPointer<UInt8>) -> [Operation] {
        var operations: [Operation] = []
        var depth = 0
        var state = State.idle
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                index = skipString(bytes, from: index)
                continue
            }
            if depth == 0, isNameStart(byte) {
                let start = index
                while index < bytes.count, isNameContinue(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                switch state {
                case .idle:
                    switch word {
                    case "query": state = .keyword(.query)
                    case "mutation": state = .keyword(.mutation)
                    case "subscription": state = .keyword(.subscription)
                    case "fragment": state = .header
                    default: break
                    }
                case .keyword(let kind):
                    operations.append(Operation(kind: kind, name: word))
                    state = .header
                case .header:
                    break
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "@"):
                if depth == 0 {
                    switch state {
                    case .idle where byte == UInt8(ascii: "{"):
                        operations.append(Operation(kind: .query, name: nil))
                    case .keyword(let kind):
                        operations.append(Operation(kind: kind, name: nil))
                        state = .header
                    default:
                        break
                    }
                    if byte == UInt8(ascii: "{") { state = .idle }
                }
                if byte != UInt8(ascii: "@") { depth += 1 }
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return operations
    }

    /// The operation a request selects: the one named `operationName`, else the only one.
    static func selectedOperation(in document: String, operationName: String?) -> Operation {
        let operations = operations(in: document)
        if let operationName, let named = operations.first(where: { $0.name == operationName }) {
            return named
        }
        return operations.first ?? Operation(kind: .query, name: nil)
    }

    private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        if start + 2 < bytes.count, bytes[start + 1] == quote, bytes[start + 2] == quote {
            var index = start + 3
            while index + 2 < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == quote {
                    index += 4
                    continue
                }
                if bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
                index += 1
            }
            return bytes.count
        }
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote || bytes[index] == UInt8(ascii: "\n") { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isNameContinue(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
