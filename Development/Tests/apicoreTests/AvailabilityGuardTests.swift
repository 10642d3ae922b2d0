import APICoreTestSupport
import Foundation
import Testing

/// `scripts/availability-guard.py`, which CI runs: Linux checks no Apple availability, so the guard is what stops an
/// API newer than the deployment targets from reaching an app's build.
@Suite("Availability guard")
struct AvailabilityGuardTests {
    static let script = RepositoryLayout.root.appendingPathComponent("scripts/availability-guard.py").path

    /// Runs the guard on `root`; returns its status and what it printed.
    static func check(root: URL) async throws -> ProcessResult {
        try await ChildProcess.run(["python3", script, "--root", root.path], timeout: .seconds(300))
    }

    /// A package with the library's manifest (so its deployment targets) and `source` as its only Swift file.
    static func package(with source: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("availability-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Sources/Planted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RepositoryLayout.root.appendingPathComponent("Package.swift"),
            to: root.appendingPathComponent("Package.swift"))
        try Data(source.utf8).write(to: folder.appendingPathComponent("Planted.swift"))
        return root
    }

    @Test("the library, the plugin and its tool pass")
    func repositoryPasses() async throws {
        let result = try await Self.check(root: RepositoryLayout.root)
        #expect(result.status == 0, "\(result.text)")
    }

    @Test("a planted String(validating:as:) fails, named with its line and the versions it needs")
    func plantedCallFails() async throws {
        let root = try Self.package(
            with: """
                func text(_ bytes: [UInt8]) -> String? {
                    String(validating: bytes, as: UTF8.self)
                }
                """)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Self.check(root: root)
        #expect(result.status == 1)
        #expect(
            result.text.contains(
                "Sources/Planted/Planted.swift:2: String(validating:as:) needs macOS 15, iOS 18, watchOS 11, tvOS 18"),
            "\(result.text)")
    }

    @Test("the same call is accepted under @available, guard #available and if #available for every platform")
    func coveredCallsPass() async throws {
        let root = try Self.package(
            with: """
                @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
                func declared(_ bytes: [UInt8]) -> String? {
                    String(validating: bytes, as: UTF8.self)
                }
                func guarded(_ bytes: [UInt8]) -> String? {
                    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return nil }
                    return String(validating: bytes, as: UTF8.self)
                }
                func checked(_ bytes: [UInt8]) -> String? {
                    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
                        return String(validating: bytes, as: UTF8.self)
                    }
                    return nil  // String(validating: in a comment
                }
                let note = "String(validating: in a string"
                """)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Self.check(root: root)
        #expect(result.status == 0, "\(result.text)")
    }

    @Test("an #available that leaves out a platform, and a platform chosen by canImport of a Linux module, fail")
    func partialChecksFail() async throws {
        let root = try Self.package(
            with: """
                func checked(_ bytes: [UInt8]) -> String? {
                    if #available(macOS 15, iOS 18, *) { return String(validating: bytes, as: UTF8.self) }
                    return nil
                }
                #if canImport(AsyncHTTPClient)
                #endif
                """)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Self.check(root: root)
        #expect(result.status == 1)
        #expect(result.text.contains("Planted.swift:2: String(validating:as:) needs watchOS 11, tvOS 18"))
        #expect(result.text.contains("Planted.swift:5: a platform choice by canImport(AsyncHTTPClient)"))
    }
}
