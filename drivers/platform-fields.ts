/**
 * Platform fields (see `PlatformField` in contract.ts): the parameters only one platform understands.
 * This module is the one place that decides which of them a request may send, checks their values,
 * refuses them for another platform, documents them in an endpoint's schema and records their values
 * on the entities.
 */
import type { JSONSchema, JSONValue } from '../generators/json-schema.ts';
import { RowSeeder } from '../generators/random/prng.ts';
import { isResourceName, type ResourceName } from '../generators/resources.ts';
import { acceptedParameters, valueChecker } from '../generators/schema.ts';
import type { PlatformField, SeederDriver, WithPlatformFields } from './contract.ts';

/** A declared field that passed its checks, with its driver and its compiled value check. */
export interface DeclaredField {
  readonly driver: SeederDriver;
  readonly field: PlatformField;
  readonly check: (value: unknown) => string | undefined;
}

/** The prefix every field of a driver starts with: its id in snake case and `_` (`toy-store` -> `toy_store_`). */
export function fieldPrefix(driverId: string): string {
  return `${driverId.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}_`;
}

const NAME = /^[a-z][a-z0-9_]*$/;

/** What is wrong with a declaration, or undefined when it can be used. */
function declarationProblem(driver: SeederDriver, field: PlatformField): string | undefined {
  const prefix = fieldPrefix(driver.id);
  if (typeof field?.name !== 'string' || !NAME.test(field.name)) return 'its name must be snake case (a-z, 0-9, _)';
  if (!field.name.startsWith(prefix) || field.name.length === prefix.length) return `its name must start with "${prefix}"`;
  if (!Array.isArray(field.resources) || field.resources.length === 0) return 'it lists no resources';
  const unknown = field.resources.find((r) => !isResourceName(r));
  if (unknown !== undefined) return `"${String(unknown)}" is not a resource`;
  const clash = field.resources.find((r) => acceptedParameters(r).includes(field.name));
  if (clash) return `${clash} already has a parameter of that name`;
  if (!field.schema || typeof field.schema !== 'object') return 'it has no schema';
  if (typeof field.schema.description !== 'string' || field.schema.description === '') return 'its schema has no description';
  if ('default' in field.schema) return "its schema has a default (when the field is not sent, the store's own default applies)";
  return undefined;
}

const checked = new WeakMap<PlatformField, ((value: unknown) => string | undefined) | string>();

/** Checks and compiles a declaration once; a broken one is reported once and then skipped. */
function compile(driver: SeederDriver, field: PlatformField): ((value: unknown) => string | undefined) | undefined {
  let entry = checked.get(field);
  if (entry === undefined) {
    let problem = declarationProblem(driver, field);
    if (!problem) {
      try {
        entry = valueChecker(field.schema);
      } catch (e) {
        problem = `its schema does not compile: ${(e as Error).message}`;
      }
    }
    if (problem) {
      entry = problem;
      process.emitWarning(`Platform field "${String(field?.name)}" of driver "${driver.id}" was ignored: ${problem}.`, { code: 'SEEDER_BAD_PLATFORM_FIELD' });
    }
    checked.set(field, entry!);
  }
  return typeof entry === 'function' ? entry : undefined;
}

/** The platform fields `resource` accepts from these drivers, in driver then declaration order; the first of a name wins. */
export function declaredFields(drivers: readonly SeederDriver[], resource: ResourceName): DeclaredField[] {
  const out: DeclaredField[] = [];
  const names = new Set<string>();
  for (const driver of drivers) {
    for (const field of driver.platformFields ?? []) {
      const check = compile(driver, field);
      if (!check || !field.resources.includes(resource) || names.has(field.name)) continue;
      names.add(field.name);
      out.push({ driver, field, check });
    }
  }
  return out;
}

/** Splits parameters into the canonical ones and the platform fields among `fields`. */
export function splitPlatformFields(
  params: Readonly<Record<string, unknown>>,
  fields: readonly DeclaredField[],
): { canonical: Record<string, unknown>; platform: Record<string, unknown> } {
  const names = new Set(fields.map((f) => f.field.name));
  const canonical: Record<string, unknown> = {};
  const platform: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    (names.has(name) ? platform : canonical)[name] = value;
  }
  return { canonical, platform };
}

/** What is wrong with each sent platform field's value (empty when all are valid). */
export function platformFieldProblems(sent: Readonly<Record<string, unknown>>, fields: readonly DeclaredField[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { field, check } of fields) {
    if (!(field.name in sent)) continue;
    const problem = check(sent[field.name]);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/**
 * The sent fields that belong to another platform than `target`, with why: a field is honoured only
 * by its own driver's writers, so sending it to another store would silently do nothing.
 */
export function foreignFieldProblems(sent: Readonly<Record<string, unknown>>, fields: readonly DeclaredField[], target: SeederDriver): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { driver, field } of fields) {
    if (field.name in sent && driver.id !== target.id) {
      problems[field.name] = `applies only when writing to ${driver.label} (platform "${driver.id}"); this request writes to ${target.label} (platform "${target.id}").`;
    }
  }
  return problems;
}

/** The endpoint's parameter schema with the platform fields added, each description naming its platform. */
export function withPlatformFields(schema: JSONSchema, fields: readonly DeclaredField[]): JSONSchema {
  if (fields.length === 0) return schema;
  const properties = { ...schema.properties };
  for (const { driver, field } of fields) {
    properties[field.name] = { ...structuredClone(field.schema), description: `${driver.label} only (platform "${driver.id}"): ${field.schema.description}` };
  }
  return { ...schema, properties };
}

/**
 * Records the sent fields' values on each entity as `platform_fields`, in field declaration order.
 * Entity i draws from a generator seeded by (seed, resource, field, offset + i) alone, so its value is the same
 * whatever the count, the offset (`entities` being rows offset.. of the seed), the database or the other fields.
 */
export function recordPlatformFields<E extends object>(
  entities: E[],
  sent: Readonly<Record<string, unknown>>,
  fields: readonly DeclaredField[],
  seed: string,
  resource: ResourceName,
  offset = 0,
): Array<E & WithPlatformFields> {
  const used = fields.filter((f) => f.field.name in sent);
  if (used.length === 0) return entities;
  const seeders = used.map((f) => new RowSeeder(seed, `${resource}\u0000platform\u0000${f.field.name}`));
  return entities.map((entity, index) => {
    const values: Record<string, JSONValue> = {};
    used.forEach(({ field }, i) => {
      const value = sent[field.name] as JSONValue;
      values[field.name] = field.perEntity ? field.perEntity(value, seeders[i]!.rng(offset + index)) : structuredClone(value);
    });
    return { ...entity, platform_fields: values };
  });
}
