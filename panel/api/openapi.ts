/**
 * The API contract, read from panel/openapi.yaml at boot: the operations (method, path, security,
 * step-up, capability, parameters, body, responses) and an Ajv (JSON Schema 2020-12) instance that
 * knows the document's component schemas. Schemas compile at boot, so a broken document fails the
 * start, not a request. The tests read the same object to validate every response.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { isScope, SCOPE_NAMES, type Scope } from '../scopes.ts';

export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export type JsonObject = { [key: string]: unknown };

export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call an operation: `none` (public), `any` (session or token), `session` (cookie session
 * only), `any_session` (a full or MFA-pending cookie session), `mfa_pending` (a session waiting for
 * its second factor). Derived from `security`, or set with `x-auth`.
 */
export type AuthMode = 'none' | 'any' | 'session' | 'any_session' | 'mfa_pending';

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
}

export interface HeaderSpec {
  name: string;
  required: boolean;
  schema?: JsonObject;
}

export interface ResponseSpec {
  /** `200`, `404`, or a range such as `5XX`. */
  status: string;
  schema?: JsonObject;
  headers: HeaderSpec[];
}

export interface OperationSpec {
  id: string;
  method: HttpMethod;
  /** As documented, relative to the server URL: `/sites/{id}`. */
  path: string;
  /** The same path in Express syntax: `/sites/:id`. */
  expressPath: string;
  auth: AuthMode;
  /** A panel-level capability (`manage_sites`: the owner's). */
  capability?: string;
  /** The scope a bearer token needs (`x-scope`). */
  scope?: Scope;
  stepUp: boolean;
  parameters: ParameterSpec[];
  body?: { required: boolean; schema: JsonObject };
  responses: Map<string, ResponseSpec>;
}

/** Where the component schemas live inside Ajv; `#/components/schemas/X` is rewritten to this. */
const SCHEMA_BASE = 'panel:openapi';

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        out[k] = `${SCHEMA_BASE}#/$defs/${v.slice('#/components/schemas/'.length)}`;
      } else {
        out[k] = rewriteRefs(v);
      }
    }
    return out;
  }
  return value;
}

function scopeOf(value: unknown, operationId: string): Scope | undefined {
  if (value === undefined) return undefined;
  if (!isScope(value)) throw new Error(`OpenAPI: ${operationId} has x-scope "${String(value)}", which is not a scope (${SCOPE_NAMES.join(', ')}).`);
  return value;
}

function asObject(value: unknown, where: string): JsonObject {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`OpenAPI: ${where} must be an object.`);
  return value as JsonObject;
}

export class ApiContract {
  readonly document: JsonObject;
  readonly operations: OperationSpec[];
  readonly ajv: Ajv2020;
  readonly #compiled = new WeakMap<object, ValidateFunction>();

  private constructor(document: JsonObject) {
    this.document = document;
    this.ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    // ajv-formats is CommonJS: under Node's ESM loader its default export may arrive wrapped once more.
    const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin) as unknown as (ajv: Ajv2020) => void;
    addFormats(this.ajv);
    const components = asObject(document.components, 'components');
    this.ajv.addSchema({ $id: SCHEMA_BASE, $defs: rewriteRefs(asObject(components.schemas, 'components.schemas')) as JsonObject });
    this.operations = this.#readOperations();
    // Compile every request and response schema now: a broken schema fails the boot.
    for (const op of this.operations) {
      if (op.body) this.validator(op.body.schema);
      for (const p of op.parameters) this.validator(p.schema);
      for (const r of op.responses.values()) {
        if (r.schema) this.validator(r.schema);
        for (const h of r.headers) if (h.schema) this.validator(h.schema);
      }
    }
  }

  static #shared = new Map<string, ApiContract>();

  /** The contract of a document file, parsed and compiled once per process. */
  static load(file: string = OPENAPI_FILE): ApiContract {
    let contract = ApiContract.#shared.get(file);
    if (!contract) {
      const document = YAML.parse(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as JsonObject;
      if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.1')) throw new Error(`${file} is not an OpenAPI 3.1 document.`);
      contract = new ApiContract(document);
      ApiContract.#shared.set(file, contract);
    }
    return contract;
  }

  /** Follows a local `$ref` (`#/components/...`) until it reaches a value. */
  deref<T = JsonObject>(value: unknown): T {
    let current = value as JsonObject;
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
      const ref = current.$ref as string;
      if (!ref.startsWith('#/')) throw new Error(`OpenAPI: only local references are supported (${ref}).`);
      let target: unknown = this.document;
      for (const part of ref.slice(2).split('/')) {
        target = (target as JsonObject | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      if (target === undefined) throw new Error(`OpenAPI: unresolved reference ${ref}.`);
      current = target as JsonObject;
    }
    return current as T;
  }

  /** The compiled validator of a schema from the document (cached per schema object). */
  validator(schema: JsonObject): ValidateFunction {
    let fn = this.#compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile(rewriteRefs(schema) as JsonObject);
      this.#compiled.set(schema, fn);
    }
    return fn;
  }

  operation(id: string): OperationSpec | undefined {
    return this.operations.find((o) => o.id === id);
  }

  #readOperations(): OperationSpec[] {
    const ops: OperationSpec[] = [];
    const globalSecurity = (this.document.security as JsonObject[] | undefined) ?? [];
    for (const [path, rawItem] of Object.entries(asObject(this.document.paths, 'paths'))) {
      const item = asObject(rawItem, `paths.${path}`);
      const shared = ((item.parameters as unknown[]) ?? []).map((p) => this.deref<JsonObject>(p));
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        const op = asObject(item[method], `${method} ${path}`);
        if (typeof op.operationId !== 'string') throw new Error(`OpenAPI: ${method} ${path} has no operationId.`);
        const own = ((op.parameters as unknown[]) ?? []).map((p) => this.deref<JsonObject>(p));
        const byKey = new Map<string, JsonObject>();
        for (const p of [...shared, ...own]) byKey.set(`${p.in}:${p.name}`, p);
        const parameters: ParameterSpec[] = [...byKey.values()].map((p) => ({
          name: String(p.name),
          in: p.in as ParameterSpec['in'],
          required: p.in === 'path' || p.required === true,
          schema: asObject(p.schema ?? {}, `parameter ${p.name}`),
        }));
        let body: OperationSpec['body'];
        if (op.requestBody) {
          const rb = this.deref<JsonObject>(op.requestBody);
          const content = asObject(rb.content, `${op.operationId} requestBody.content`);
          const json = asObject(content['application/json'], `${op.operationId} requestBody application/json`);
          body = { required: rb.required === true, schema: asObject(json.schema, `${op.operationId} body schema`) };
        }
        const responses = new Map<string, ResponseSpec>();
        for (const [status, rawResponse] of Object.entries(asObject(op.responses, `${op.operationId}.responses`))) {
          const r = this.deref<JsonObject>(rawResponse);
          const json = (r.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
          const headers: HeaderSpec[] = Object.entries((r.headers as JsonObject | undefined) ?? {}).map(([name, h]) => {
            const header = this.deref<JsonObject>(h);
            return { name, required: header.required === true, schema: header.schema as JsonObject | undefined };
          });
          responses.set(status, { status, schema: json?.schema as JsonObject | undefined, headers });
        }
        const security = (op.security as JsonObject[] | undefined) ?? globalSecurity;
        const schemes = new Set(security.flatMap((s) => Object.keys(s)));
        let auth: AuthMode = schemes.size === 0 ? 'none' : schemes.has('bearerAuth') ? 'any' : 'session';
        if (op['x-auth'] !== undefined) auth = op['x-auth'] as AuthMode;
        ops.push({
          id: op.operationId,
          method,
          path,
          expressPath: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'),
          auth,
          capability: typeof op['x-capability'] === 'string' ? op['x-capability'] : undefined,
          scope: scopeOf(op['x-scope'], op.operationId),
          stepUp: op['x-step-up'] === true,
          parameters,
          body,
          responses,
        });
      }
    }
    return ops;
  }
}
