/** Small fixtures shared by the hook bus tests. */
import type { GenerationContext, GenerationResult } from '../../hooks/index.ts';

export const result = (extra: Record<string, unknown> = {}): GenerationResult => ({
  resource: 'shipping_plan',
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
