import Foundation

/// Where the reference servers and their Python environment live, derived from this source file's location.
public enum RepositoryLayout {
    /// The repository root: this file is `<root>/Development/Tests/APICoreTestSupport/RepositoryLayout.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The script that creates `<root>/.venv` and installs the servers' requirements.
    static let bootstrapScript = root.appendingPathComponent("scripts/bootstrap-python.sh")

    /// The Python interpreter of the virtual environment the bootstrap script creates.
    static let python = root.appendingPathComponent(".venv/bin/python")

    /// The directory holding `strawberry_app.py`, `ariadne_app.py` and their modules.
    static let serversDirectory = root.appendingPathComponent("Development/Tests/ReferenceServers")
}
