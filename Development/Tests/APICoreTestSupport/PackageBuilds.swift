import Foundation

/// Whether the tests that build a package of their own in a child `swift build` (the fixture package, the hostile-names
/// package, the build plugin's package) run: minutes of compiling on a shared machine.
///
/// `APICORE_BUILD_FIXTURES=1` turns them on and `APICORE_BUILD_FIXTURES=0` off; unset, they run under CI (`CI=true`)
/// and not on a developer's machine. The sanitizer passes turn them off: the child compiler is not instrumented, so
/// there they would add only load, which starves the loopback servers of the tests running beside them.
public enum PackageBuilds {
    /// Whether they run in this process.
    public static var areEnabled: Bool {
        let environment = ProcessInfo.processInfo.environment
        switch environment["APICORE_BUILD_FIXTURES"] {
        case "1": return true
        case "0": return false
        default: return environment["CI"] == "true"
        }
    }
}
