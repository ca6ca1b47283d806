await QuenchBenchCommand.main()
