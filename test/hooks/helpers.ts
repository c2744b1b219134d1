/** Small fixtures shared by the hook bus tests. */
import type { GenerationContext, GenerationResult } from '../../hooks/index.ts';

export const result = (extra: Record<string, unknown> = {}): GenerationResult => ({
  resource: 'shipping_plan',
  created: [],
  failed: 0,
  errors: [],
  ...extra,
});

export const context: GenerationContext = { resource: 'shipping_plan', platform: 'emporium', params: { count: 1 } };

export const site = { id: 'default', name: 'Default site' };
