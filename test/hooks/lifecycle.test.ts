import { expect } from 'chai';
import { HookError } from '../../hooks/index.ts';
import { site, seederBus } from './helpers.ts';

describe('hook bus: actions and lifecycle', () => {
  it('didAction counts firings', async () => {
    const bus = seederBus();
    expect(bus.didAction('plugin_activated')).to.equal(0);
    bus.doAction('plugin_activated', 'a');
    bus.doAction('plugin_activated', 'b');
    await bus.doActionAsync('plugin_activated', 'c');
    expect(bus.didAction('plugin_activated')).to.equal(3);
    expect(bus.didAction('plugin_deactivated')).to.equal(0);
  });

  it('actions run their taps by priority with the fired arguments', () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('plugin_activated', (slug) => void seen.push(`late:${slug}`), 20);
    bus.addAction('plugin_activated', (slug) => void seen.push(`early:${slug}`), 1);
    bus.doAction('plugin_activated', 'acme');
    expect(seen).to.deep.equal(['early:acme', 'late:acme']);
  });

  it('a late tap on a fired lifecycle action runs at once', () => {
    const bus = seederBus();
    bus.doAction('plugins_loaded', site);
    const seen: unknown[] = [];
    const fn = (s: { id: string }) => void seen.push(s);
    bus.addAction('plugins_loaded', fn);
    expect(seen).to.deep.equal([site]);
    expect(bus.hasAction('plugins_loaded', fn)).to.equal(true);
  });

  it('a tap added by a lifecycle tap during the firing runs at once, exactly once', () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('panel_init', () => {
      bus.addAction('panel_init', (s) => void seen.push(`nested:${s.id}`));
    });
    bus.doAction('panel_init', site);
    expect(seen).to.deep.equal(['nested:default']);
  });

  it('a tap on a lifecycle action that has not fired waits for the firing', () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('seeder_loaded', (s) => void seen.push(s.version));
    expect(seen).to.deep.equal([]);
    bus.doAction('seeder_loaded', { version: '0.1.0' });
    expect(seen).to.deep.equal(['0.1.0']);
  });

  it('firing a lifecycle action twice is HOOK_LIFECYCLE_REFIRED', () => {
    const bus = seederBus();
    bus.doAction('panel_init', site);
    expect(() => bus.doAction('panel_init', site)).to.throw(HookError).with.property('code', 'HOOK_LIFECYCLE_REFIRED');
    expect(bus.didAction('panel_init')).to.equal(1);
  });

  it('a late lifecycle tap that throws is not kept and the error names its plugin', () => {
    const bus = seederBus();
    bus.doAction('plugins_loaded', site);
    const fn = () => {
      throw new Error('not ready');
    };
    expect(() => bus.addAction('plugins_loaded', fn, { plugin: 'acme' }))
      .to.throw(HookError, /plugin "acme".*"plugins_loaded".*not ready/)
      .with.property('code', 'HOOK_TAP_FAILED');
    expect(bus.hasAction('plugins_loaded', fn)).to.equal(false);
  });

  it('doActionAsync awaits each tap in order', async () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('plugin_activated', async () => {
      await new Promise((r) => setTimeout(r, 10));
      seen.push('slow first');
    });
    bus.addAction('plugin_activated', () => void seen.push('fast second'));
    await bus.doActionAsync('plugin_activated', 'x');
    expect(seen).to.deep.equal(['slow first', 'fast second']);
  });
});
