import APICoreCommands

await APICoreCommand.runMain()
