import Foundation

/// The `APICoreSQLiteCrashWriter` executable that `swift build` puts next to the test bundle.
enum CrashWriterExecutable {
    /// The executable: `$APICORE_SQLITE_CRASH_WRITER` when set, else in the build products folder.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["APICORE_SQLITE_CRASH_WRITER"] {
            return URL(fileURLWithPath: path)
        }
        return productsDirectory.appendingPathComponent("APICoreSQLiteCrashWriter")
    }()

    /// The folder holding the build products (`.build/<triple>/<configuration>`).
    private static var productsDirectory: URL {
        #if os(macOS)
            // On macOS the tests run inside `xctest`; the products folder is the test bundle's parent.
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        // On Linux the test bundle is itself the executable that runs.
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
