import APICoreGenerateCommand
import ArgumentParser

/// The `apicore` command line: a root command whose subcommands do the work.
public struct APICoreCommand: AsyncParsableCommand {
    /// The command's name, help text and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "apicore",
        abstract: "Validate, generate and run GraphQL operations.",
        subcommands: [
            InitCommand.self, QueryCommand.self, SubscribeCommand.self, ValidateCommand.self, GenerateCommand.self,
            FetchSchemaCommand.self, SplitSchemaCommand.self, DiffSchemaCommand.self, CacheCommand.self,
        ]
    )

    /// A root command; ArgumentParser creates it.
    public init() {}
}
