/**
 * The runnable examples of HOOKS.md (scripts/hooks-doc.ts embeds each region under its hook). This
 * file is type-checked with the rest of the project (`npm run typecheck`), so an example that no
 * longer matches a hook's types fails there; each is a whole plugin a site can activate.
 */
import type { Plugin, PluginContext } from '../plugin-api.ts';

// #region seeder_rest_params
/** Every request for products asks for at most 20. */
export class CapProducts implements Plugin {
  readonly name = 'cap-products';
  readonly version = '1.0.0';
  readonly label = 'Example: cap-products';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_rest_params', (params, context) =>
      context.resource === 'product' && typeof params.count === 'number' ? { ...params, count: Math.min(params.count, 20) } : params,
    );
  }
}
// #endregion

// #region seeder_canonical_entity_<resource>
/** Every generated customer gets an address at example.test. */
export class TestEmails implements Plugin {
  readonly name = 'test-emails';
  readonly version = '1.0.0';
  readonly label = 'Example: test-emails';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_canonical_entity_customer', (entity, context) => ({ ...entity, email: `customer-${context.index}@example.test` }));
  }
}
// #endregion

// #region seeder_<resource>_generation_result
/** Adds a note to every order result (counts and status stay what was written). */
export class NoteOrders implements Plugin {
  readonly name = 'note-orders';
  readonly version = '1.0.0';
  readonly label = 'Example: note-orders';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_order_generation_result', (result, context) => ({ ...result, note: `written to ${context.platform}` }));
  }
}
// #endregion

// #region seeder_generated_item_<resource>
/** Leaves coupons out of the response list (they stay in the store and the ledger). */
export class QuietCoupons implements Plugin {
  readonly name = 'quiet-coupons';
  readonly version = '1.0.0';
  readonly label = 'Example: quiet-coupons';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_generated_item_coupon', () => false);
  }
}
// #endregion

// #region seeder_capability
/** Only operators who can edit posts may use the Seeder (on every surface). */
export class EditorsSeed implements Plugin {
  readonly name = 'editors-seed';
  readonly version = '1.0.0';
  readonly label = 'Example: editors-seed';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_capability', () => 'edit_posts');
  }
}
// #endregion

// #region seeder_locales
/** Offers only German and Austrian German. */
export class GermanOnly implements Plugin {
  readonly name = 'german-only';
  readonly version = '1.0.0';
  readonly label = 'Example: german-only';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_locales', (codes) => codes.filter((c) => c === 'de_DE' || c === 'de_AT'));
  }
}
// #endregion

// #region seeder_mcp_ability_definition
/** Tells MCP clients to preview before generating orders. */
export class CarefulOrders implements Plugin {
  readonly name = 'careful-orders';
  readonly version = '1.0.0';
  readonly label = 'Example: careful-orders';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_mcp_ability_definition', (definition, context) =>
      context.resource === 'order' && context.mode === 'generate' ? { ...definition, description: `${definition.description} Always preview first.` } : definition,
    );
  }
}
// #endregion

// #region seeder_platform_supports_<platform>
/** Switches coupons off for emporium: the platforms report shows it and generate refuses them. */
export class NoEmporiumCoupons implements Plugin {
  readonly name = 'no-emporium-coupons';
  readonly version = '1.0.0';
  readonly label = 'Example: no-emporium-coupons';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_platform_supports_emporium', (matrix) => ({ ...matrix, coupon: { status: 'unsupported', reason: 'Coupons are managed by the shop team.' } }));
  }
}
// #endregion

// #region seeder_after_write_<platform>_<resource>
/** Logs every product write to emporium, and its failures. */
export class WriteLog implements Plugin {
  readonly name = 'write-log';
  readonly version = '1.0.0';
  readonly label = 'Example: write-log';
  apply(ctx: PluginContext): void {
    ctx.hooks.addAction('seeder_after_write_emporium_product', (entities, outcome, context) => {
      const what = outcome.ok ? `ids ${outcome.ids.join(', ')}` : `failed: ${String(outcome.error)}`;
      console.log(`run ${context.run_id}: ${entities.length} product(s) ${what}`);
    });
  }
}
// #endregion

// #region seeder_parameters_<resource>
/** A `gift_note` parameter for orders: validated, documented (OpenAPI, CLI, MCP, admin), and read by an entity filter from its context. */
export class GiftNotes implements Plugin {
  readonly name = 'gift-notes';
  readonly version = '1.0.0';
  readonly label = 'Example: gift-notes';
  apply(ctx: PluginContext): void {
    ctx.hooks.addFilter('seeder_parameters_order', (list) => [
      ...list,
      { name: 'gift_note', schema: { type: 'string', maxLength: 40, default: '', description: 'A note printed on every order.' } },
    ]);
    ctx.hooks.addFilter('seeder_canonical_entity_order', (entity, context) => ({ ...entity, note: String(context.params.gift_note) }));
  }
}
// #endregion
