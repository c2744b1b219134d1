/** Text helpers: slugs, ASCII folding for emails and SKUs, templates, unique tokens. */

const SPECIAL_LATIN: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D',
};

/** Removes diacritics and maps the Latin letters that do not decompose (ß, ø, ł, ...). */
export function foldLatin(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆøØœŒłŁđĐıþÞðÐ]/g, (ch) => SPECIAL_LATIN[ch] ?? ch);
}

/**
 * A URL slug. Latin letters lose their diacritics; letters of other scripts are kept (as
 * WordPress does), so a category named 家居 still gets a usable slug.
 */
export function slugify(input: string): string {
  // Names repeat (a product name is one of a few hundred combinations), and folding accented text is the dearest
  // part of building a product: the slugs made are kept, up to a bound.
  let s = slugs.get(input);
  if (s === undefined) {
    s = foldLatin(input)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '');
    if (s === '') s = 'item';
    if (slugs.size >= SLUG_CACHE) slugs.clear();
    slugs.set(input, s);
  }
  return s;
}

const SLUG_CACHE = 20_000;
const slugs = new Map<string, string>();

/** Only a-z and 0-9, for email local parts, usernames and SKUs; may be empty. */
export function asciiWord(input: string): string {
  return foldLatin(input)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Fills `{name}`-style placeholders. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** First letters of up to three words, upper case ASCII ("Classic Coffee Mug" gives CCM). */
export function initials(name: string, fallback = 'SKU'): string {
  const letters = foldLatin(name)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return letters === '' ? fallback : letters;
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A prime, so multiplying by it is a bijection modulo any power of 36 (36 = 2² · 3²). */
const SPREAD = 1_000_003;

/**
 * A fixed-length base-36 token that is distinct for every row index of a batch and looks random:
 * `(index × SPREAD + batchWord) mod 36^length` is a bijection of the index. Used where a batch must
 * not repeat itself (emails, SKUs, coupon codes, licence keys) without looking at other rows.
 */
export function uniqueToken(batchWord: number, index: number, length: number): string {
  const modulus = 36 ** length;
  let value = ((index % modulus) * SPREAD + (batchWord >>> 0)) % modulus;
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE36[value % 36] + out;
    value = Math.floor(value / 36);
  }
  return out;
}

export function capitalise(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}
