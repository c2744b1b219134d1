/**
 * Compile-time guarantees of the hook catalogue's types, checked by `npm run typecheck` (never run by
 * mocha: this file asserts nothing at run time). tsc fails if a line marked @ts-expect-error starts to
 * compile, or if a line without the mark stops compiling.
 */
import { HookBus } from '../../hooks/index.ts';
import { generationResultHook, restParamsHook } from '../../controllers/hooks.ts';
import { context, result } from '../hooks/helpers.ts';

export function typeChecks(bus: HookBus): void {
  // @ts-expect-error unknown hook name
  bus.addFilter('seeder_nonsense', (v: unknown) => v);
  // @ts-expect-error filter value type is enforced (seeder_locales is string[])
  bus.addFilter('seeder_locales', (v: string[]) => v.length);
  // @ts-expect-error seeder_recipes is async: no synchronous call
  bus.applyFilters('seeder_recipes', []);
  // @ts-expect-error an action is not a filter
  bus.applyFilters('plugin_activated', 'x');
  // @ts-expect-error action arguments are enforced
  bus.doAction('plugin_activated', 42);
  // @ts-expect-error filter arguments are enforced (context required)
  bus.applyFilters(generationResultHook('order'), result());

  const typed: `seeder_order_generation_result` = generationResultHook('order');
  const params: Record<string, unknown> = bus.applyFilters(restParamsHook('order'), {}, { resource: 'order', action: 'preview' });
  bus.addFilter('seeder_recipes', async (list) => [...list, { id: 'x' }]);
  bus.addFilter(typed, (r, ctx) => ({ ...r, platform: ctx.platform }));
  bus.applyFilters(typed, result(), context);
  void params;
}
