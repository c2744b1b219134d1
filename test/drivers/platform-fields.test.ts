/**
 * The rules a driver's platform-field declarations must follow (drivers/platform-fields.ts): a field
 * that breaks one is left out, with a warning naming the field, the driver and the rule, once.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import type { PlatformField, SeederDriver } from '../../drivers/contract.ts';
import { declaredFields, fieldPrefix, withPlatformFields } from '../../drivers/platform-fields.ts';
import { builtinDrivers } from '../../drivers/builtin.ts';
import { parameterSchema } from '../../generators/schema.ts';

const driver = (id: string, fields: PlatformField[]): SeederDriver => ({ id, label: `${id} store`, platformFields: fields }) as unknown as SeederDriver;
const field = (name: string, extra: Partial<PlatformField> = {}): PlatformField => ({
  name,
  resources: ['product'],
  schema: { type: 'string', description: 'A thing.' },
  ...extra,
});

describe('platform field declarations', () => {
  let warn: sinon.SinonStub;
  beforeEach(() => {
    warn = sinon.stub(process, 'emitWarning');
  });
  afterEach(() => warn.restore());

  const warnings = () => warn.getCalls().map((c) => String(c.args[0]));

  it("a field's name starts with its driver's id in snake case", () => {
    expect(fieldPrefix('toy-store')).to.equal('toy_store_');
    expect(fieldPrefix('Big.Shop')).to.equal('big_shop_');
    const d = driver('toy-store', [field('toy_store_shelf'), field('shelf'), field('toy_store_'), field('Toy_store_Bad')]);
    expect(declaredFields([d], 'product').map((f) => f.field.name)).to.deep.equal(['toy_store_shelf']);
    expect(warnings()).to.have.length(3);
    expect(warnings()[0]).to.equal('Platform field "shelf" of driver "toy-store" was ignored: its name must start with "toy_store_".');
  });

  it('refuses a default, a missing description, unknown resources, a clash with a canonical parameter and a schema that does not compile', () => {
    const d = driver('price', [
      field('price_a', { schema: { type: 'string', description: 'x', default: 'y' } }),
      field('price_b', { schema: { type: 'string' } }),
      field('price_c', { resources: ['widget' as never] }),
      field('price_range'),
      field('price_d', { schema: { type: 'string', description: 'x', colour: 'red' } as never }),
      field('price_e', { resources: [] }),
    ]);
    expect(declaredFields([d], 'product')).to.deep.equal([]);
    expect(warnings()).to.have.length(6);
    expect(warnings().join('\n'))
      .to.contain("has a default (when the field is not sent, the store's own default applies)")
      .and.contain('has no description')
      .and.contain('"widget" is not a resource')
      .and.contain('product already has a parameter of that name')
      .and.contain('does not compile')
      .and.contain('lists no resources');
    // Reported once, not on every request.
    declaredFields([d], 'product');
    expect(warnings()).to.have.length(6);
  });

  it('keeps only the fields of the asked resource, the first declaration of a name winning', () => {
    const a = driver('a', [field('a_one'), field('a_two', { resources: ['customer'] })]);
    const again = driver('a', [field('a_one', { schema: { type: 'integer', description: 'Other.' } })]);
    const fields = declaredFields([a, again], 'product');
    expect(fields.map((f) => [f.driver, f.field.name])).to.deep.equal([[a, 'a_one']]);
    expect(fields[0].check('text')).to.equal(undefined);
    expect(declaredFields([a], 'customer').map((f) => f.field.name)).to.deep.equal(['a_two']);
  });

  it('documents each field in the endpoint schema with the platform it belongs to; the built-in drivers declare valid fields', () => {
    const fields = declaredFields(builtinDrivers(), 'product');
    expect(warnings()).to.deep.equal([]);
    const schema = withPlatformFields(parameterSchema('product'), fields);
    expect(schema.properties!.emporium_tax_status.description).to.match(/^Emporium only \(platform "emporium"\): How the store taxes/);
    expect(schema.properties!.emporium_tax_status.enum).to.deep.equal(['taxable', 'shipping', 'none']);
    expect(schema.additionalProperties).to.equal(false);
    expect(Object.keys(withPlatformFields(parameterSchema('customer'), declaredFields(builtinDrivers(), 'customer')).properties!)).to.include('cartwheel_archived_customer_ratio');
  });
});
