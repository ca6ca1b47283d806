// `BuildInfo` (the build's commit) is written before each build by the BuildCommit plugin
// (Plugins/BuildCommit); `QuenchVersion` in QuenchClient is what the rest of Quench reads.
