/**
 * Contract checks for the test suite: every response the tests receive from `/api/v1` is checked
 * against panel/openapi.yaml (the status is documented for the operation, the body matches its
 * schema, the documented headers are present and well-formed), and each (operation, status) pair
 * produced is recorded, so a meta-test can prove that every documented pair was exercised.
 */
import { ApiContract, type OperationSpec, type ResponseSpec } from '../../../panel/api/openapi.ts';

export const contract = ApiContract.load();

const produced = new Set<string>();

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

interface Matcher {
  op: OperationSpec;
  regex: RegExp;
  literalLength: number;
}

const matchers: Matcher[] = contract.operations.map((op) => ({
  op,
  // Express routes case-insensitively and ignores one trailing slash; the matcher does the same.
  regex: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z0-9_]+\}/g, '[^/]+')}/?$`, 'i'),
  literalLength: op.path.replace(/\{[^}]+\}/g, '').length,
}));

/** The documented operation a request went to (literal paths win over templated ones). */
export function matchOperation(method: string, url: string): OperationSpec | undefined {
  const path = url.split('?')[0].replace(/^\/api\/v1/i, '');
  const candidates = matchers
    .filter((m) => m.op.method === method.toLowerCase() && m.regex.test(path))
    .sort((a, b) => b.literalLength - a.literalLength);
  return candidates[0]?.op;
}

function responseFor(op: OperationSpec, status: number): ResponseSpec | undefined {
  return op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`);
}

export interface ObservedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

const errorEnvelope = contract.validator({ $ref: '#/components/schemas/ErrorResponse' });

/** Throws a ContractViolation when the response drifts from the document. */
export function checkResponse(method: string, url: string, res: ObservedResponse): void {
  const where = `${method.toUpperCase()} ${url} -> ${res.status}`;
  const requestId = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || !/^req_[A-Za-z0-9_-]{16,}$/.test(requestId)) throw new ContractViolation(`${where}: missing or malformed X-Request-Id.`);
  if (res.status >= 400 && !errorEnvelope(res.body)) {
    throw new ContractViolation(`${where}: error body is not the envelope: ${JSON.stringify(errorEnvelope.errors)} body=${res.text.slice(0, 300)}`);
  }
  if (!/^\/api\/v1\//i.test(url)) return;
  const op = matchOperation(method, url);
  if (!op) {
    // Unknown routes and methods are the shell's business: only the envelope and a shell status are required.
    if (![400, 403, 404, 405, 413, 415, 429].includes(res.status)) throw new ContractViolation(`${where}: no documented operation, yet ${res.status}.`);
    return;
  }
  const spec = responseFor(op, res.status);
  if (!spec) throw new ContractViolation(`${where}: status ${res.status} is not documented for ${op.id} (documented: ${[...op.responses.keys()].join(', ')}). Body: ${res.text.slice(0, 300)}`);
  produced.add(`${op.id} ${spec.status}`);
  if (spec.schema) {
    const contentType = String(res.headers['content-type'] ?? '');
    if (!contentType.startsWith('application/json')) throw new ContractViolation(`${where}: expected JSON, got "${contentType}".`);
    const validate = contract.validator(spec.schema);
    if (!validate(res.body)) {
      throw new ContractViolation(`${where}: body does not match ${op.id} ${spec.status}: ${JSON.stringify(validate.errors)} body=${res.text.slice(0, 500)}`);
    }
  } else if (res.text.length > 0) {
    throw new ContractViolation(`${where}: ${op.id} ${spec.status} documents no body, got: ${res.text.slice(0, 200)}`);
  }
  for (const header of spec.headers) {
    const raw = res.headers[header.name.toLowerCase()];
    if (raw === undefined) {
      if (header.required) throw new ContractViolation(`${where}: required header ${header.name} is missing.`);
      continue;
    }
    if (header.schema) {
      const validate = contract.validator(header.schema);
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (!validate(value)) throw new ContractViolation(`${where}: header ${header.name}="${value}" does not match its schema.`);
      }
    }
  }
}

/** Documented (operation, status) pairs, excluding the 5XX range (one 5XX anywhere is required instead). */
export function documentedPairs(): string[] {
  return contract.operations.flatMap((op) => [...op.responses.keys()].filter((s) => s !== '5XX').map((s) => `${op.id} ${s}`));
}

export function producedPairs(): ReadonlySet<string> {
  return produced;
}
