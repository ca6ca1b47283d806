import GoalsService
import QuenchRuntime

await ServiceMain.run(GoalsDefinition.definition)
