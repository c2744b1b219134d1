/**
 * Errors raised by generators and parameter validation. Each carries a stable code; the
 * controller turns them into the error envelope (`{"error":{"code","message","details"}}`).
 */
import type { ExistingKind } from './existing.ts';
import { resourceByName, type ResourceName } from './resources.ts';

/** Human wording of each kind, as in "No customers were found." */
const KIND_WORDS: Readonly<Record<ExistingKind, string>> = {
  product_categories: 'product categories',
  product_tags: 'product tags',
  brands: 'brands',
  attributes: 'attributes',
  products: 'products',
  variations: 'product variations',
  customers: 'customers',
  coupons: 'coupons',
  shipping_classes: 'shipping classes',
  shipping_plans: 'shipping plans',
  tax_classes: 'tax classes',
  tax_rates: 'tax rates',
  orders: 'orders',
  transactions: 'transactions',
  labels: 'labels',
};

export interface MissingPrerequisiteDetails {
  /** The resource being generated. */
  readonly resource: ResourceName;
  /** The existing records that were missing. */
  readonly missing: ExistingKind;
  /** The resource to generate first. */
  readonly generate_first: ResourceName;
}

/**
 * A generator needs existing records that are not there. The message names what to generate
 * first: "No customers were found. Generate customers before orders."
 */
export class MissingPrerequisiteError extends Error {
  readonly code = 'generation.missing_prerequisite';
  readonly details: MissingPrerequisiteDetails;

  constructor(resource: ResourceName, missing: ExistingKind, generateFirst: ResourceName, what?: string, hint?: string) {
    const first = resourceByName(generateFirst)?.label.toLowerCase() ?? generateFirst;
    const target = resourceByName(resource)?.label.toLowerCase() ?? resource;
    const noun = what ?? KIND_WORDS[missing];
    super(`No ${noun} were found. Generate ${first}${hint ? ` ${hint}` : ''} before ${target}.`);
    this.name = 'MissingPrerequisiteError';
    this.details = { resource, missing, generate_first: generateFirst };
  }
}

/** Whether `e` is a generator's missing prerequisite, by its code and details (never by class). */
export function isMissingPrerequisite(e: unknown): e is MissingPrerequisiteError {
  const x = e as { code?: unknown; details?: Partial<MissingPrerequisiteDetails> } | null;
  return typeof x === 'object' && x !== null && x.code === 'generation.missing_prerequisite' && typeof x.details?.generate_first === 'string';
}

export interface ValidationErrorBody {
  readonly code: 'validation.invalid';
  /** `Invalid parameter(s): a, b` with the names sorted. */
  readonly message: string;
  readonly details: {
    /** Parameter name to what is wrong with it. */
    readonly params: Readonly<Record<string, string>>;
    /** Every parameter the endpoint accepts, sorted; present when an unknown one was given. */
    readonly accepted?: readonly string[];
  };
}

export function validationError(params: Record<string, string>, accepted?: readonly string[]): ValidationErrorBody {
  const names = Object.keys(params).sort();
  const sorted: Record<string, string> = {};
  for (const n of names) sorted[n] = params[n]!;
  return {
    code: 'validation.invalid',
    message: `Invalid parameter(s): ${names.join(', ')}`,
    details: accepted ? { params: sorted, accepted: [...accepted] } : { params: sorted },
  };
}

/** Thrown by `generate()` when parameters do not validate; carries the error body. */
export class ParameterValidationError extends Error {
  readonly code = 'validation.invalid';
  readonly body: ValidationErrorBody;

  constructor(body: ValidationErrorBody) {
    super(body.message);
    this.name = 'ParameterValidationError';
    this.body = body;
  }
}
