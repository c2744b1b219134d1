import { expect } from 'chai';
import sinon from 'sinon';
import { generationResultHook } from '../../controllers/hooks.ts';
import { context, result, seederBus } from './helpers.ts';

const current = generationResultHook('shipping_plan');
const OLD = 'seeder_shipping_method_generation_result';

describe('hook bus: deprecated names', () => {
  it('the deprecated shipping filter fires after the new one with its result and warns once, only when tapped', () => {
    const warnings: Array<[string, string]> = [];
    const bus = seederBus({ warn: (code, message) => void warnings.push([code, message]) });
    const order: string[] = [];
    bus.addFilter(current, (r) => {
      order.push('current');
      return { ...r, failed: 1 };
    });
    // A bus with no tap on the old name never warns, even when the current one fires.
    bus.applyFilters(current, result(), context);
    expect(warnings).to.deep.equal([]);

    bus.addFilter(OLD, (r, ctx) => {
      order.push(`old saw failed=${r.failed} for ${ctx.platform}`);
      return { ...r, errors: [...r.errors, 'from old tap'] };
    }, { plugin: 'legacy-shipping' });
    bus.addFilter(OLD, (r) => r, 20);

    const out = bus.applyFilters(current, result(), context);
    expect(order).to.deep.equal(['current', 'current', 'old saw failed=1 for emporium']);
    expect(out).to.include({ failed: 1 });
    expect(out.errors).to.deep.equal(['from old tap']);
    expect(warnings).to.have.length(1);
    expect(warnings[0][0]).to.equal('SEEDER_DEP_SHIPPING_METHOD_RESULT');
    expect(warnings[0][1]).to.contain(OLD).and.contain(current).and.contain('0.1.0').and.contain('legacy-shipping');

    bus.applyFilters(current, result(), context);
    expect(warnings).to.have.length(1);
  });

  it('the deprecated alias also fires after the new one in an async call (sync taps of a sync hook)', async () => {
    const bus = seederBus({ warn: () => {} });
    bus.addFilter(OLD, (r) => ({ ...r, failed: r.failed * 10 }));
    bus.addFilter(current, (r) => ({ ...r, failed: r.failed + 1 }));
    expect((await bus.applyFiltersAsync(current, result(), context)).failed).to.equal(10);
  });

  it('each bus warns once for its own taps', () => {
    const warn = sinon.spy();
    seederBus({ warn }).addFilter(OLD, (r) => r);
    seederBus({ warn }).addFilter(OLD, (r) => r);
    expect(warn.callCount).to.equal(2);
  });

  it('by default the warning is a DeprecationWarning carrying the code', () => {
    const emit = sinon.stub(process, 'emitWarning');
    try {
      seederBus().addFilter(OLD, (r) => r);
      expect(emit.callCount).to.equal(1);
      expect(emit.firstCall.args[0]).to.contain(OLD);
      expect(emit.firstCall.args[1]).to.deep.equal({ type: 'DeprecationWarning', code: 'SEEDER_DEP_SHIPPING_METHOD_RESULT' });
    } finally {
      emit.restore();
    }
  });
});
