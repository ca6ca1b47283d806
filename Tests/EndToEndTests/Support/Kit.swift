// The test kit (ServiceProcess, TestSystem, the fixtures) for every file of this target.
@_exported import QuenchTesting
