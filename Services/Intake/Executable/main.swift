import IntakeService
import QuenchRuntime

await ServiceMain.run(IntakeDefinition.definition)
