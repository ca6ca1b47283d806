import WebService

await WebMain.run()
