/**
 * Style codes (SKUs) written the way each brand writes them (§2.2 `sku`, §2.6 `sku`):
 * `DD1391-100` on marketplace A is `DD1391 100` on marketplace B. Every catalog item gets a
 * unique code; the registry maps a normalised code back to its catalog key.
 */
import { COLORWAYS, type ModelLine } from './catalog-data.js';
import { Rng } from './random.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const NIKE_FIRST = 'ACDFHI';
const ADIDAS_FIRST = 'FGHIJ';

const digits = (rng: Rng, n: number): string => {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
};
const chars = (rng: Rng, alphabet: string, n: number): string => {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
};

/** Upper-case letters and digits only: `DD1391-100` and `DD1391 100` both give `DD1391100`. */
export function normaliseSku(sku: string): string {
  return sku.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Draws a style code in marketplace A's form for a line and colourway.
 * @param attempt 0 first; a higher attempt after a collision also lengthens the code so the
 *   space never runs out.
 */
export function drawSku(seed: number, key: number, line: ModelLine, colorway: number, attempt: number): string {
  const rng = new Rng(seed, 0x5c, key, attempt);
  const extra = attempt >= 6 ? digits(rng, Math.ceil(attempt / 6)) : '';
  const code = COLORWAYS[colorway]?.code ?? '100';
  switch (line.sku) {
    case 'nike':
      return rng.next() < 0.12 && attempt < 6 ? `${rng.int(300, 899)}${digits(rng, 3)}-${code}` : `${chars(rng, NIKE_FIRST, 1)}${chars(rng, LETTERS, 1)}${digits(rng, 4)}${extra}-${code}`;
    case 'adidas':
      return `${chars(rng, ADIDAS_FIRST, 1)}${chars(rng, LETTERS, 1)}${digits(rng, 4)}${extra}`;
    case 'newbalance':
      return `${line.skuPrefix ?? 'M'}${chars(rng, LETTERS, 2)}${chars(rng, ALNUM, 1)}${extra}`;
    case 'asics':
      return `${rng.next() < 0.7 ? '1201A' : '1203A'}${digits(rng, 3)}${extra}-${code}`;
    case 'converse':
      return `A${digits(rng, 5)}${extra}C`;
    case 'vans':
      return `VN000${chars(rng, ALNUM, 6)}${extra}`;
    case 'salomon':
      return `L${digits(rng, 8)}${extra}`;
    default:
      return `${rng.next() < 0.5 ? 'FW' : 'SS'}${rng.int(16, 25)}${chars(rng, LETTERS, 2)}${digits(rng, 2)}${extra}`;
  }
}

/** Marketplace B writes the colour code after a space instead of a dash (`DD1391 100`). */
export function skuForB(skuA: string): string {
  return skuA.replace('-', ' ');
}

/** Lower-case URL slug: `Jordan 1 Retro High OG 'Bred'` gives `jordan-1-retro-high-og-bred`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
