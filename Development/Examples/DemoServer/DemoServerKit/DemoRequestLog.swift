import APICoreGraphQL
import DevelopmentSupport

/// The GraphQL requests a running server has received, oldest first.
final class DemoRequestLog: Sendable {
    private let records = Lock<[DemoGraphQLRequestRecord]>([])

    func append(_ record: DemoGraphQLRequestRecord) {
        records.withLock { $0.append(record) }
    }

    var all: [DemoGraphQLRequestRecord] { records.withLock { $0 } }
}
