import QuenchCLI

await QuenchCommand.start()
