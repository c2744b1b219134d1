// @ts-check
/**
 * The shapes the screen reads, as JSDoc aliases of the server's own types, so `tsc -p admin` checks
 * the app against the payload and the controllers' results (no second copy of a shape).
 *
 * @typedef {import('../payload.ts').SeederAdminPayload} Payload
 * @typedef {import('../payload.ts').AdminResource} AdminResource
 * @typedef {import('../../generators/json-schema.ts').JSONSchema} JSONSchema
 * @typedef {import('../../controllers/platforms.ts').PlatformsResult} PlatformsResult
 * @typedef {import('../../controllers/platforms.ts').PlatformReport} PlatformReport
 * @typedef {import('../../drivers/contract.ts').CapabilityCell} CapabilityCell
 * @typedef {import('../../controllers/generate.ts').PreviewResult} PreviewResult
 * @typedef {import('../../controllers/generate.ts').GenerateResult} GenerateResult
 * @typedef {import('../../controllers/cleanup.ts').CleanupResult} CleanupResult
 * @typedef {import('../../controllers/cleanup.ts').LedgerSummary} LedgerSummary
 * @typedef {import('../../controllers/recipes.ts').RecipesResult} RecipesResult
 * @typedef {import('../../controllers/recipes.ts').RecipeView} RecipeView
 * @typedef {import('../../controllers/recipes.ts').SampleDataStatus} SampleDataStatus
 * @typedef {import('../../controllers/recipes.ts').ConsentResult} ConsentResult
 * @typedef {import('../../recipes/plan.ts').PlanStepView} PlanStepView
 * @typedef {import('../../controllers/recipe-runner.ts').RecipeRunReport} RecipeRunReport
 * @typedef {import('../../recipes/sample-data.ts').SampleDataSyncResult} SampleDataSyncResult
 * @typedef {import('../../controllers/settings.ts').McpSettingsView} McpSettings
 * @typedef {import('../../controllers/settings.ts').AccessSettings} AccessSettings
 * @typedef {import('../../panel/roles.ts').Role} Role
 */
export {};
