import AnalyticsService
import QuenchRuntime

await ServiceMain.run(AnalyticsDefinition.definition)
