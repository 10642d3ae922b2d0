import Foundation

/// The executables `swift build` puts next to the test bundle, for tests that run one as a child process.
public enum BuildProducts {
    /// The executable named `name`: the path in the environment variable `environmentOverride` when it is set, else
    /// the one in the build products folder.
    public static func executable(named name: String, environmentOverride: String? = nil) -> URL {
        if let environmentOverride, let path = ProcessInfo.processInfo.environment[environmentOverride] {
            return URL(fileURLWithPath: path)
        }
        return directory.appendingPathComponent(name)
    }

    /// The folder holding the build products (`.build/<triple>/<configuration>`).
    public static var directory: URL {
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
