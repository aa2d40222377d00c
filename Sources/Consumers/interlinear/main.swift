import InterlinearCLI
InterlinearCommand.main()
