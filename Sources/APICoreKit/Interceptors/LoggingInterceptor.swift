import Foundation
import Logging

/// Logs every call through swift-log: the request line and operation at `debug`, the outcome with status, duration
/// and size at `info` (`warning` for failures), and redacted headers and bodies at `trace`.
///
/// Credentials, cookies, tokens and GraphQL variables never reach the log; REST bodies, the REST equivalent of
/// variables, are logged as their shape and size only. See ``Redaction``.
public struct LoggingInterceptor: APIInterceptor {
    /// The logger written to.
    public let logger: Logger
    /// What is kept out of the log.
    public let redaction: Redaction

    /// An interceptor writing to `logger`.
    public init(logger: Logger = Logger(label: "APICoreKit"), redaction: Redaction = Redaction()) {
        self.logger = logger
        self.redaction = redaction
    }

    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        let metadata: Logger.Metadata = [
            "operation": .string(request.operationName),
            "method": .string(request.method.rawValue),
            "url": .string(redaction.redact(request.url)),
            "attempt": .stringConvertible(request.attempt),
        ]
        logger.debug("sending request", metadata: metadata)
        if logger.logLevel <= .trace {
            let headers = redaction.redact(request.headers).map { "\($0.0): \($0.1)" }.joined(separator: ", ")
            let body =
                request.body.map { body in
                    request.kind == .rest ? redaction.redact(restBody: body) : redaction.redact(jsonBody: body)
                } ?? ""
            logger.trace(
                "request details",
                metadata: metadata.merging(["headers": .string(headers), "body": .string(body)]) { $1 })
        }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            let elapsed = clock.now - start
            var outcome = metadata
            outcome["status"] = .stringConvertible(response.statusCode)
            outcome["duration_ms"] = .stringConvertible(elapsed.milliseconds)
            outcome["bytes"] = .stringConvertible(response.body.count)
            if response.isSuccess {
                logger.info("response", metadata: outcome)
            } else {
                logger.warning("response with failing status", metadata: outcome)
            }
            if logger.logLevel <= .trace {
                let headers = redaction.redact(response.headers).map { "\($0.0): \($0.1)" }.joined(separator: ", ")
                logger.trace("response headers", metadata: outcome.merging(["headers": .string(headers)]) { $1 })
            }
            return response
        } catch {
            var failure = metadata
            failure["duration_ms"] = .stringConvertible((clock.now - start).milliseconds)
            failure["error"] = .string(APIError(wrapping: error, operationName: request.operationName).description)
            logger.warning("request failed", metadata: failure)
            throw error
        }
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
