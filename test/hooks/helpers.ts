/** Small fixtures shared by the hook bus tests. */
import { HOST_HOOKS, HookBus, type HookBusOptions } from '../../hooks/index.ts';
import { SEEDER_HOOKS, type GenerationContext } from '../../controllers/hooks.ts';
import type { GenerateResult as GenerationResult } from '../../controllers/generate.ts';

/** A bus as a site with the Seeder active has it: the host's hooks and the Seeder's declared. */
export function seederBus(options: HookBusOptions = {}): HookBus {
  const bus = new HookBus(options);
  bus.declare(HOST_HOOKS);
  bus.declare(SEEDER_HOOKS);
  return bus;
}

export const result = (extra: Record<string, unknown> = {}): GenerationResult => ({
  resource: 'shipping_plan',
  message: '',
  platform: 'emporium',
  run_id: 'run_test',
  seed: '1',
  seed_generated: false,
  locale: 'en_US',
  requested: 0,
  created: [],
  created_count: 0,
  failed: 0,
  errors: [],
  ignored_parameters: [],
  ...extra,
});

export const context: GenerationContext = { resource: 'shipping_plan', platform: 'emporium', params: { count: 1 } };

export const site = { id: 'default', name: 'Default site' };
