import APICoreGenerateCommand

// `apicore generate` on its own, for the build plugin: it links the code generator only, so a package that uses the
// plugin builds no networking code for it.
GenerateCommand.main()
