// @ts-check
/**
 * The shapes the screen reads, as JSDoc aliases of the server's own types, so `tsc -p admin` checks
 * the app against the payload and the controllers' results (no second copy of a shape).
 *
 * @typedef {import('../payload.ts').SeederAdminPayload} Payload
 * @typedef {import('../payload.ts').AdminResource} AdminResource
 * @typedef {import('../../generators/json-schema.ts').JSONSchema} JSONSchema
 * @typedef {import('../../rest/controllers/platforms.ts').PlatformsResult} PlatformsResult
 * @typedef {import('../../rest/controllers/platforms.ts').PlatformReport} PlatformReport
 * @typedef {import('../../drivers/contract.ts').CapabilityCell} CapabilityCell
 * @typedef {import('../../rest/controllers/generate.ts').PreviewResult} PreviewResult
 * @typedef {import('../../rest/controllers/generate.ts').GenerateResult} GenerateResult
 * @typedef {import('../../rest/controllers/cleanup.ts').CleanupResult} CleanupResult
 * @typedef {import('../../rest/controllers/cleanup.ts').LedgerSummary} LedgerSummary
 * @typedef {import('../../recipes/controllers.ts').RecipesResult} RecipesResult
 * @typedef {import('../../recipes/controllers.ts').RecipeView} RecipeView
 * @typedef {import('../../recipes/controllers.ts').SampleDataStatus} SampleDataStatus
 * @typedef {import('../../recipes/controllers.ts').ConsentResult} ConsentResult
 * @typedef {import('../../recipes/plan.ts').PlanStepView} PlanStepView
 * @typedef {import('../../recipes/runner.ts').RecipeRunReport} RecipeRunReport
 * @typedef {import('../../recipes/sample-data.ts').SampleDataSyncResult} SampleDataSyncResult
 * @typedef {import('../../rest/settings.ts').McpSettings} McpSettings
 * @typedef {import('../../rest/settings.ts').AccessSettings} AccessSettings
 * @typedef {import('../../panel/roles.ts').Role} Role
 */
export {};
