/**
 * Endpoint parameters as CLI flags, derived from the endpoint's JSON Schema (the one declaration):
 * `--count=5`, `--price_range='{"min":100,"max":500}'` (objects are JSON), `--payment_methods=card,paypal`
 * (lists are comma-separated), `--include_tax` (a bare boolean flag is true). `-` and `_` are the
 * same in flag names. Types are coerced from the schema; an unknown flag is refused with the sorted
 * list of accepted parameters.
 */
import type { JSONSchema } from '../generators/json-schema.ts';
import { REMOVED_PARAMETERS, SYNONYMS } from '../generators/schema.ts';
import type { ResourceName } from '../generators/resources.ts';
import { CliError } from '../panel/cli/context.ts';
import { nearest } from '../lib/nearest.ts';

type Schema = Record<string, unknown>;

/** `--help` or `-h` anywhere among a command's arguments: the command prints its help and does nothing else. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** " Did you mean --locale?" when an accepted name is near `name`, else "". */
export function didYouMean(name: string, accepted: Iterable<string>, prefix = '--'): string {
  const near = nearest(name, accepted);
  return near ? ` Did you mean ${prefix}${near}?` : '';
}

/** Exit 2 for a flag the command does not take, naming the nearest accepted one and listing them all. */
export function unknownFlag(name: string, accepted: readonly string[]): CliError {
  return new CliError(`Unknown flag --${name}.${didYouMean(name, accepted)} Accepted: ${[...accepted].sort().map((a) => `--${a}`).join(', ')}.`, 2);
}

/** Exit 2 for an action the command does not have, naming the nearest one. */
export function unknownAction(command: string, action: string, actions: readonly string[]): CliError {
  const near = nearest(action, actions);
  return new CliError(`Unknown ${command} action "${action}".${near ? ` Did you mean "${near}"?` : ''} Use ${actions.slice(0, -1).join(', ')} or ${actions.at(-1)}.`, 2);
}

export interface ParsedFlags {
  /** Flags of the command itself (`user`, `format`, `total`...), raw strings or true. */
  own: Record<string, string | true>;
  /** Endpoint parameters, coerced. */
  params: Record<string, unknown>;
}

/** Splits `--a=b`, `--a b` and `--flag` forms; positional arguments are refused. */
export function splitFlags(argv: readonly string[], booleanOwn: ReadonlySet<string>): Array<[string, string | true]> {
  const out: Array<[string, string | true]> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--') || arg === '--') throw new CliError(`Unexpected argument "${arg}"; parameters are given as --name=value.`, 2);
    const eq = arg.indexOf('=');
    const name = (eq >= 0 ? arg.slice(2, eq) : arg.slice(2)).replace(/-/g, '_');
    if (eq >= 0) {
      out.push([name, arg.slice(eq + 1)]);
    } else if (!booleanOwn.has(name) && i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      out.push([name, argv[++i]]);
    } else {
      out.push([name, true]);
    }
  }
  return out;
}

function types(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

function coerceScalar(raw: string, schema: Schema): unknown {
  const t = types(schema);
  if (t.includes('integer') && /^-?\d+$/.test(raw)) return Number(raw);
  if (t.includes('number') && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (t.includes('boolean') && /^(true|false|1|0|yes|no)$/i.test(raw)) return /^(true|1|yes)$/i.test(raw);
  if (t.includes('string') || t.length === 0) return raw;
  // Leave it as given; the endpoint's validation names the parameter and the rule.
  return raw;
}

/** Coerces one flag value by the parameter's schema. */
export function coerce(name: string, value: string | true, schema: Schema | undefined): unknown {
  if (value === true) return true;
  if (!schema) return value;
  const t = types(schema);
  if (t.includes('object') || (value.trim().startsWith('{') && !t.includes('string'))) {
    try {
      return JSON.parse(value);
    } catch {
      throw new CliError(`--${name} takes a JSON object, for example --${name}='{"min":1,"max":10}'.`, 2);
    }
  }
  if (t.includes('array')) {
    if (value.trim().startsWith('[')) {
      try {
        return JSON.parse(value);
      } catch {
        throw new CliError(`--${name} takes a comma-separated list or a JSON array.`, 2);
      }
    }
    const items = (schema.items as Schema | undefined) ?? {};
    return value === '' ? [] : value.split(',').map((v) => coerceScalar(v.trim(), items));
  }
  return coerceScalar(value, schema);
}

/**
 * Parses a command's flags into its own flags and the endpoint's parameters; `schema` is the
 * endpoint's parameter schema on the site (with its platforms' fields).
 */
export function parseEndpointFlags(
  resource: ResourceName,
  schema: JSONSchema,
  argv: readonly string[],
  ownNames: readonly string[],
  booleanOwn: readonly string[] = [],
): ParsedFlags {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const accepted = new Set(Object.keys(properties));
  const synonyms = new Set(SYNONYMS.filter((s) => s.resources.includes(resource)).map((s) => s.name));
  const removed = new Set(REMOVED_PARAMETERS.map((r) => r.name));
  const own = new Set(ownNames);
  const result: ParsedFlags = { own: {}, params: {} };
  for (const [name, value] of splitFlags(argv, new Set(booleanOwn))) {
    if (own.has(name)) {
      result.own[name] = value;
    } else if (accepted.has(name)) {
      result.params[name] = coerce(name, value, properties[name]);
    } else if (synonyms.has(name) || removed.has(name)) {
      // Earlier names keep working; removed ones reach the endpoint, which refuses them with the reason.
      const replacement = SYNONYMS.find((s) => s.name === name)?.replacement;
      result.params[name] = coerce(name, value, replacement ? properties[replacement] : undefined);
    } else {
      const list = [...accepted].sort().join(', ');
      const hint = didYouMean(name, [...accepted, ...own]);
      throw new CliError(`Unknown flag --${name}.${hint} Accepted parameters: ${list}. Command flags: ${[...own].sort().join(', ')}.`, 2);
    }
  }
  return result;
}
