/**
 * A store's currency setting, kept in a site option as WooCommerce keeps `woocommerce_currency`: one
 * currency for the whole shop, USD until an administrator sets another
 * (`panel option set emporium_currency '"EUR"' --site=...`).
 */
import type { Options } from '../../panel/plugin.ts';

export const DEFAULT_CURRENCY = 'USD';
const CODE = /^[A-Z]{3}$/;

export class CurrencySetting {
  readonly #options: Options | undefined;
  readonly option: string;

  constructor(option: string, options?: Options) {
    this.option = option;
    this.#options = options;
  }

  /** The shop's currency (ISO 4217); a missing or malformed setting reads as USD. */
  async get(): Promise<string> {
    const value = this.#options ? await this.#options.get<unknown>(this.option) : undefined;
    return typeof value === 'string' && CODE.test(value) ? value : DEFAULT_CURRENCY;
  }

  async set(code: string): Promise<void> {
    if (!CODE.test(code)) throw new Error(`A currency is a three-letter ISO 4217 code such as "EUR", not "${code}".`);
    if (!this.#options) throw new Error('This store was created without site options.');
    await this.#options.set(this.option, code);
  }
}
