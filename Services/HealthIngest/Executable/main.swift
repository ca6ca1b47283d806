import HealthIngestService
import QuenchRuntime

await ServiceMain.run(HealthIngestDefinition.definition)
