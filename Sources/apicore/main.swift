import APICoreCommands

await APICoreCommand.main()
