import Foundation
import Logging

/// Logs every call through swift-log: the request line and operation at `debug`, the outcome with status, duration
/// and size at `info` (`warning` for failures), and redacted headers and bodies at `trace`; a call the cache answered
/// is one `info` line.
///
/// Credentials, cookies, tokens and GraphQL variables never reach the log; REST bodies, the REST equivalent of
/// variables, are logged as their shape and size only; of a streamed body (a file upload), only its size. See
/// ``Redaction``.
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

    /// Logs the request, passes it on, and logs the response or the failure with its duration; the error is rethrown
    /// unchanged.
    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        // Redacting the URL and headers is the costly part; it happens only for lines the logger's level lets through.
        let level = logger.logLevel
        if level <= .debug {
            let metadata = requestMetadata(request)
            logger.debug("sending request", metadata: metadata)
            if level <= .trace {
                let headers = describe(redaction.redact(request.headers))
                // A streamed body (a file upload) is never read for the log: its size is all that is written.
                let body =
                    request.bodyStream.map { "<streamed body, \($0.length) bytes>" }
                    ?? request.body.map { body in
                        request.kind == .rest ? redaction.redact(restBody: body) : redaction.redact(jsonBody: body)
                    } ?? ""
                logger.trace(
                    "request details",
                    metadata: metadata.merging(["headers": .string(headers), "body": .string(body)]) { $1 })
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            let outcomeLevel: Logger.Level = response.isSuccess ? .info : .warning
            if level <= outcomeLevel {
                var outcome = requestMetadata(request)
                outcome["status"] = .stringConvertible(response.statusCode)
                outcome["duration_ms"] = .stringConvertible((clock.now - start).milliseconds)
                outcome["bytes"] = .stringConvertible(response.body.count)
                logger.log(
                    level: outcomeLevel, response.isSuccess ? "response" : "response with failing status",
                    metadata: outcome)
                if level <= .trace {
                    let headers = describe(redaction.redact(response.headers))
                    logger.trace("response headers", metadata: outcome.merging(["headers": .string(headers)]) { $1 })
                }
            }
            return response
        } catch {
            if level <= .warning {
                var failure = requestMetadata(request)
                failure["duration_ms"] = .stringConvertible((clock.now - start).milliseconds)
                failure["error"] = .string(APIError(wrapping: error, operationName: request.operationName).description)
                logger.warning("request failed", metadata: failure)
            }
            throw error
        }
    }

    /// Logs a call the cache answered at `info`, with the network failure it answered for, if any.
    public func observe(_ result: CacheServedResult) {
        guard logger.logLevel <= .info else { return }
        var metadata: Logger.Metadata = [
            "operation": .string(result.operationName),
            "source": "cache",
            "duration_ms": .stringConvertible(result.duration.milliseconds),
        ]
        if let code = result.networkErrorCode { metadata["network_error"] = .string(code.rawValue) }
        logger.info("response from the cache", metadata: metadata)
    }

    private func requestMetadata(_ request: HTTPRequest) -> Logger.Metadata {
        [
            "operation": .string(request.operationName),
            "method": .string(request.method.rawValue),
            "url": .string(redaction.redact(request.url)),
            "attempt": .stringConvertible(request.attempt),
        ]
    }

    private func describe(_ headers: [(String, String)]) -> String {
        headers.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
