await QuenchBenchCommand.start()
