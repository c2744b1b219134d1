import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JSONSchema } from '../../generators/json-schema.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { generate } from '../../generators/registry.ts';
import { ParameterValidationError } from '../../generators/errors.ts';
import {
  BASE_PARAMETERS,
  REMOVED_PARAMETERS,
  SYNONYMS,
  acceptedParameters,
  applySynonyms,
  compileAllParameterSchemas,
  normaliseParameters,
  parameterSchema,
  resourceParameterNames,
} from '../../generators/schema.ts';
import { GENERATORS } from '../../generators/registry.ts';

const TODAY = { today: '2026-06-30' };

function ok<R extends (typeof RESOURCE_NAMES)[number]>(resource: R, input: Record<string, unknown>) {
  const result = normaliseParameters(resource, input, TODAY);
  if ('error' in result) throw new Error(`unexpected error: ${result.error.message} ${JSON.stringify(result.error.details)}`);
  return result;
}

function fails(resource: (typeof RESOURCE_NAMES)[number], input: unknown) {
  const result = normaliseParameters(resource, input, TODAY);
  if (!('error' in result)) throw new Error('expected a validation error');
  return result.error;
}

/** Every leaf of a schema's properties, with its path. */
function leaves(schema: JSONSchema, path: string[] = []): { path: string[]; schema: JSONSchema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, s]) =>
    s.type === 'object' && s.properties ? [{ path: [...path, name], schema: s }, ...leaves(s, [...path, name])] : [{ path: [...path, name], schema: s }],
  );
}

describe('generators: parameter schemas (issue 4, points 1 to 3)', () => {
  it('every resource\'s validator compiles under Ajv strict mode (they compile lazily at run time)', () => {
    expect(() => compileAllParameterSchemas()).to.not.throw();
  });

  describe('base parameters', () => {
    it('are part of every resource schema, with count required', () => {
      for (const r of RESOURCE_NAMES) {
        const s = parameterSchema(r);
        for (const name of Object.keys(BASE_PARAMETERS)) expect(s.properties, `${r}.${name}`).to.have.property(name);
        expect(s.required).to.deep.equal(['count']);
        expect(s.additionalProperties).to.equal(false);
      }
    });

    it('are valid draft 2020-12 schemas that Ajv compiles', () => {
      const ajv = new Ajv2020({ strict: false });
      for (const r of RESOURCE_NAMES) expect(() => ajv.compile(parameterSchema(r) as object), r).to.not.throw();
      expect(parameterSchema('order').$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
    });

    it('accept count 1 to 100', () => {
      expect(ok('product', { count: 1 }).params.count).to.equal(1);
      expect(ok('product', { count: 100 }).params.count).to.equal(100);
    });

    it('refuse count 101 with "Invalid parameter(s): count"', () => {
      const error = fails('order', { count: 101 });
      expect(error.code).to.equal('validation.invalid');
      expect(error.message).to.equal('Invalid parameter(s): count');
      expect(error.details.params).to.have.property('count');
    });

    it('refuse a missing, zero, fractional or string count', () => {
      expect(fails('product', {}).message).to.equal('Invalid parameter(s): count');
      expect(fails('product', { count: 0 }).message).to.equal('Invalid parameter(s): count');
      expect(fails('product', { count: 2.5 }).message).to.equal('Invalid parameter(s): count');
      expect(fails('product', { count: '10' }).message, 'no coercion').to.equal('Invalid parameter(s): count');
    });

    it('nothing is generated when parameters are invalid', () => {
      expect(() => generate('customer', { count: 101 })).to.throw(ParameterValidationError, 'Invalid parameter(s): count');
    });

    it('accept a seed that is an integer or a string, and refuse other seeds', () => {
      expect(ok('product', { count: 1, seed: 42 }).params.seed).to.equal(42);
      expect(ok('product', { count: 1, seed: 'my-shop' }).params.seed).to.equal('my-shop');
      expect(fails('product', { count: 1, seed: 1.5 }).message).to.equal('Invalid parameter(s): seed');
      expect(fails('product', { count: 1, seed: {} }).message).to.equal('Invalid parameter(s): seed');
    });

    it('fill a missing seed with a fresh one and say so, so the response can report it', () => {
      const first = ok('product', { count: 1 });
      const second = ok('product', { count: 1 });
      expect(first.seedGenerated).to.equal(true);
      expect(first.params.seed).to.be.a('number');
      expect(first.params.seed).to.not.equal(second.params.seed);
      expect(ok('product', { count: 1, seed: 7 }).seedGenerated).to.equal(false);
      const result = generate('product', { count: 2, reference_date: '2026-06-30' });
      expect(result.seedGenerated).to.equal(true);
      expect(result.entities[0]!.key).to.equal(`product:${result.seed}:0`);
    });

    it('take locale from the 75 and default it to en_US', () => {
      expect(ok('customer', { count: 1 }).params.locale).to.equal('en_US');
      expect(ok('customer', { count: 1, locale: 'ja_JP' }).params.locale).to.equal('ja_JP');
      expect(fails('customer', { count: 1, locale: 'de_LU' }).message).to.equal('Invalid parameter(s): locale');
    });

    it('leave platform a free string, not an enumeration', () => {
      expect(BASE_PARAMETERS.platform.enum).to.equal(undefined);
      expect(ok('product', { count: 1, platform: 'some-future-driver' }).params.platform).to.equal('some-future-driver');
    });

    it('accept any recipe id (an unknown one is ignored later, not rejected) and a recipe run', () => {
      const { params } = ok('product', { count: 1, recipe: 'no-such-recipe', recipe_run: 'run_1' });
      expect(params.recipe).to.equal('no-such-recipe');
      expect(params.recipe_run).to.equal('run_1');
    });

    it('default reference_date to today and date_range to the 365 days before it', () => {
      const { params } = ok('order', { count: 1 });
      expect(params.reference_date).to.equal('2026-06-30');
      expect(params.date_range).to.deep.equal({ start: '2025-06-30', end: '2026-06-30' });
      const other = ok('order', { count: 1, reference_date: '2024-03-01' }).params;
      expect(other.date_range).to.deep.equal({ start: '2023-03-02', end: '2024-03-01' });
    });

    it('complete half a date_range and refuse an inverted or malformed one', () => {
      expect(ok('order', { count: 1, date_range: { start: '2026-01-01' } }).params.date_range).to.deep.equal({ start: '2026-01-01', end: '2026-06-30' });
      expect(fails('order', { count: 1, date_range: { start: '2026-05-01', end: '2026-01-01' } }).message).to.equal('Invalid parameter(s): date_range');
      expect(fails('order', { count: 1, date_range: { start: '2026-02-30', end: '2026-03-01' } }).message).to.equal('Invalid parameter(s): date_range');
      expect(fails('order', { count: 1, reference_date: 'yesterday' }).message).to.equal('Invalid parameter(s): reference_date');
    });

    it('refuse a body that is not an object', () => {
      expect(fails('order', [1, 2]).message).to.equal('Invalid parameter(s): parameters');
      expect(fails('order', null).code).to.equal('validation.invalid');
    });
  });

  describe('resource parameters', () => {
    it('give every parameter, nested ones included, a default and a description', () => {
      for (const r of RESOURCE_NAMES) {
        for (const leaf of leaves(GENERATORS[r].schema)) {
          const name = `${r}.${leaf.path.join('.')}`;
          expect(leaf.schema, name).to.have.property('default');
          expect(leaf.schema.description, name).to.be.a('string').and.not.equal('');
        }
      }
    });

    it('give every base parameter a description', () => {
      for (const [name, s] of Object.entries(BASE_PARAMETERS)) expect(s.description, name).to.be.a('string').and.not.equal('');
    });

    it('declare at least the parameters the issue names', () => {
      const expected: Record<string, string[]> = {
        product: ['product_type', 'price_range', 'sale_ratio', 'inventory', 'categories_per_product', 'description_length'],
        product_variation: ['variation_axes', 'values_per_axis', 'price_variation_range'],
        customer: ['customer_types', 'country_focus', 'shipping_address_ratio', 'marketing_opt_in_ratio'],
        order: ['order_statuses', 'items_per_order', 'include_shipping', 'include_tax', 'coupon_ratio', 'customer_id'],
        transaction: ['payment_methods', 'transaction_states', 'transaction_types'],
        coupon: ['discount_types', 'discount_range', 'usage_limits', 'validity_days'],
        shipping_plan: ['shipping_types', 'cost_range', 'coverage_areas', 'delivery_days'],
        tax_class: ['tax_types', 'rate_ranges', 'countries'],
        cart_session: ['guest_cart_ratio', 'abandonment_rate', 'items_per_cart'],
        log: ['log_levels'],
        licence: ['statuses', 'site_limits'],
        product_category: ['max_depth'],
        brand: ['max_depth'],
      };
      for (const [r, names] of Object.entries(expected)) {
        expect(resourceParameterNames(r as never), r).to.include.members(names);
      }
    });

    it('keep nested objects nested: price_range {min, max}, inventory {manage_stock, stock_range}', () => {
      const props = GENERATORS.product.schema.properties;
      expect(Object.keys(props.price_range!.properties!)).to.deep.equal(['min', 'max']);
      expect(Object.keys(props.inventory!.properties!)).to.deep.equal(['manage_stock', 'stock_range']);
      expect(props.inventory!.properties!.stock_range!.type).to.equal('object');
      expect(Object.keys(GENERATORS.product_variation.schema.properties.price_variation_range!.properties!)).to.deep.equal([
        'min_percentage',
        'max_percentage',
      ]);
      expect(GENERATORS.transaction.schema.properties.payment_methods!.type).to.equal('array');
    });

    it('apply defaults, nested ones included, without touching the caller\'s object', () => {
      const input = { count: 3, inventory: { manage_stock: false } };
      const { params } = ok('product', input);
      expect(params.product_type).to.equal('mixed');
      expect(params.price_range).to.deep.equal({ min: 5, max: 200 });
      expect(params.inventory).to.deep.equal({ manage_stock: false, stock_range: { min: 0, max: 100 } });
      expect(input).to.deep.equal({ count: 3, inventory: { manage_stock: false } });
    });

    it('accept an all-positive price_variation_range', () => {
      expect(ok('product_variation', { count: 1, price_variation_range: { min_percentage: 5, max_percentage: 40 } }).params.price_variation_range).to.deep.equal({
        min_percentage: 5,
        max_percentage: 40,
      });
    });

    it('refuse a range whose min is above its max, naming the parameter', () => {
      expect(fails('product', { count: 1, price_range: { min: 50, max: 10 } }).message).to.equal('Invalid parameter(s): price_range');
      expect(fails('product_variation', { count: 1, price_variation_range: { min_percentage: 30, max_percentage: -5 } }).message).to.equal(
        'Invalid parameter(s): price_variation_range',
      );
      expect(fails('coupon', { count: 1, usage_limits: { per_user: { min: 5, max: 2 } } }).message).to.equal('Invalid parameter(s): usage_limits');
    });

    it('refuse wrong values inside nested objects under the top-level name', () => {
      const error = fails('product', { count: 1, price_range: { min: 'cheap' }, inventory: { colour: 'red' } });
      expect(error.message).to.equal('Invalid parameter(s): inventory, price_range');
      expect(error.details.params.inventory).to.contain('colour');
    });

    it('refuse values outside an enumeration and empty lists', () => {
      expect(fails('product', { count: 1, product_type: 'bundle' }).message).to.equal('Invalid parameter(s): product_type');
      expect(fails('order', { count: 1, order_statuses: [] }).message).to.equal('Invalid parameter(s): order_statuses');
      expect(fails('order', { count: 1, order_statuses: ['shipped'] }).message).to.equal('Invalid parameter(s): order_statuses');
    });

    it('refuse transaction states that no allowed type can be in', () => {
      const error = fails('transaction', { count: 1, transaction_types: ['refund'], transaction_states: ['authorized'] });
      expect(error.message).to.equal('Invalid parameter(s): transaction_states');
    });

    it('list several invalid parameters at once, sorted', () => {
      expect(fails('order', { count: 500, coupon_ratio: 101, include_tax: 'yes' }).message).to.equal(
        'Invalid parameter(s): count, coupon_ratio, include_tax',
      );
    });
  });

  describe('synonyms, removed and unknown parameters', () => {
    it('keeps payment_gateways working as payment_methods', () => {
      expect(ok('transaction', { count: 1, payment_gateways: ['paypal'] }).params.payment_methods).to.deep.equal(['paypal']);
      expect(ok('order', { count: 1, payment_gateways: ['card'] }).params.payment_methods).to.deep.equal(['card']);
      const { params } = ok('transaction', { count: 1, payment_gateways: ['paypal'] });
      expect(params).to.not.have.property('payment_gateways');
    });

    it('maps guest_only: true to guest_cart_ratio: 100, and false to the default', () => {
      expect(ok('cart_session', { count: 1, guest_only: true }).params.guest_cart_ratio).to.equal(100);
      expect(ok('cart_session', { count: 1, guest_only: false }).params.guest_cart_ratio).to.equal(30);
      expect(fails('cart_session', { count: 1, guest_only: 'always' }).message).to.equal('Invalid parameter(s): guest_only');
    });

    it('lets the shared name win when both are given', () => {
      expect(ok('transaction', { count: 1, payment_gateways: ['paypal'], payment_methods: ['card'] }).params.payment_methods).to.deep.equal(['card']);
    });

    it('keeps the synonyms in one table', () => {
      expect(SYNONYMS.map((s) => [s.name, s.replacement])).to.deep.include.members([
        ['payment_gateways', 'payment_methods'],
        ['guest_only', 'guest_cart_ratio'],
      ]);
    });

    it('does not accept a synonym on a resource it never belonged to', () => {
      expect(fails('product', { count: 1, guest_only: true }).message).to.equal('Invalid parameter(s): guest_only');
    });

    for (const removed of ['order_value_range', 'cart_value_range', 'calculation_methods']) {
      it(`refuses the removed ${removed} and says why it was removed`, () => {
        const resource = REMOVED_PARAMETERS.find((r) => r.name === removed)!.resources[0]!;
        const error = fails(resource, { count: 1, [removed]: { min: 1, max: 2 } });
        expect(error.message).to.equal(`Invalid parameter(s): ${removed}`);
        expect(error.details.params[removed]).to.match(/^Removed: /);
      });
    }

    it("explains that an order's total is the sum of its lines", () => {
      const error = fails('order', { count: 5, order_value_range: { min: 10, max: 500 } });
      expect(error.details.params.order_value_range).to.contain("an order's total is the sum of its lines");
    });

    it('refuses an unknown parameter and lists the accepted ones, sorted', () => {
      const error = fails('product', { count: 1, colour: 'red' });
      expect(error.message).to.equal('Invalid parameter(s): colour');
      const acceptedNames = acceptedParameters('product');
      expect(error.details.accepted).to.deep.equal(acceptedNames);
      expect(acceptedNames).to.deep.equal([...acceptedNames].sort());
      expect(acceptedNames).to.include.members(['count', 'seed', 'locale', 'price_range']);
      expect(error.details.params.colour).to.contain('price_range');
    });

    it('exposes synonym mapping on its own, for the filters that run before validation', () => {
      const mapped = applySynonyms('cart_session', { count: 2, guest_only: true });
      expect(mapped).to.deep.equal({ params: { count: 2, guest_cart_ratio: 100 } });
    });
  });
});
