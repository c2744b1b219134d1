/**
 * The schemas whose Ajv validators the build generates ahead of time (scripts/build.ts): each set
 * names its owner's Ajv configuration, its schemas by key, and the generated module, which sits
 * next to the owner's compiled code and which the owner loads instead of compiling at run time.
 * A schema that does not compile fails the build. Add a set here to precompile more schemas.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { builtinDrivers } from './drivers/builtin.ts';
import { PARAMETER_VALIDATORS, valueValidators } from './generators/schema.ts';
import { endpointInputSchemas } from './controllers/endpoints.ts';
import { INPUT_VALIDATORS_DIR } from './controllers/input.ts';
import { PANEL_API_VALIDATORS } from './panel/api/openapi.ts';

export interface PrecompiledValidators {
  /** Said when the build reports or refuses a schema. */
  readonly name: string;
  /** The folder of the generated CommonJS modules (`index.cjs` and one per schema), next to the module that loads it. */
  readonly dir: string;
  /** An Ajv configured as the owner's run-time one, plus the options the build adds (`code.source`). */
  createAjv(extra: { code: { source: true } }): Ajv2020;
  /** Every schema, by the key its owner looks it up with. */
  schemas(): Iterable<readonly [string, object]>;
}

export const PRECOMPILED_VALIDATORS: readonly PrecompiledValidators[] = [
  PANEL_API_VALIDATORS,
  PARAMETER_VALIDATORS,
  {
    name: "the Seeder endpoint table's input schemas (controllers/endpoints.ts)",
    dir: INPUT_VALIDATORS_DIR,
    // The same Ajv configuration as the parameter schemas, which the input checker compiles with at run time.
    createAjv: PARAMETER_VALIDATORS.createAjv,
    schemas: () => endpointInputSchemas().map((schema) => [schema.$id, schema as object] as const),
  },
  valueValidators(builtinDrivers().flatMap((driver) => (driver.platformFields ?? []).map((field) => field.schema))),
];
