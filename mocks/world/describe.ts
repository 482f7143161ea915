/**
 * Product descriptions written from the facts of each product (issue 30): its model's history
 * (facts/models.ts, else the line's own blurb), its colours, its release (a real release names
 * its date and style code, facts/colourways.ts). Sentence frames vary per product; nothing is
 * said that the fact base does not support. Pure: (seed, key, marketplace) gives the same text.
 */
import { COLORWAYS } from './catalog-data.js';
import { MODEL_FACTS } from './facts/models.js';
import { DAY_MS, factOf, lineOf, nicknameOf, type Identity } from './identity.js';
import type { OwnText } from './defined-text.js';
import { Rng } from './random.js';

/** English month names, fixed here so text does not depend on the runtime's ICU data. */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(0, list.length - 1)] as T;

/**
 * Sentence frames for the colours: `c` the colour list, `n` the nickname, `many` whether the list
 * names more than one colour (one colour "makes up" the upper, several "make up" it: expert
 * finding 12, fourth report). A colourway named after its only colour is never "done in" itself.
 */
const COLOUR_FRAMES: readonly ((c: string, n: string, kind: string, many: boolean) => string)[] = [
  (c, n, kind) => `This ${kind} comes in ${c}.`,
  (c, n) => `The ${n} colourway pairs ${c}.`,
  (c) => `Colours: ${c}.`,
  (c, n, kind) => `Dressed in ${c}, this ${kind} goes by ${n}.`,
  (c, n, kind, many) => `${c.charAt(0).toUpperCase()}${c.slice(1)} ${many ? 'make' : 'makes'} up the upper.`,
  (c, n, kind) => (n.toLowerCase() === c.toLowerCase() ? `This ${kind} comes in ${c}.` : `${n} is done in ${c}.`),
];

/** Release frames: `p` the preposition of the date, `on` a full date (March 10, 2021), `in` a month (March 2021). */
const RELEASE_PAST: readonly ((d: string, p: string) => string)[] = [(d, p) => `It released ${p} ${d}.`, (d) => `Release: ${d}.`, (d, p) => `First available ${p} ${d}.`, (d, p) => `It dropped ${p} ${d}.`];
const RELEASE_FUTURE: readonly ((d: string, p: string) => string)[] = [(d, p) => `It releases ${p} ${d}.`, (d, p) => `Expected ${p} ${d}.`, (d) => `Scheduled for ${d}.`];

/**
 * The description of a catalog item on a marketplace.
 * @param now the world's clock, ms since epoch (UTC): a release after it is written as upcoming.
 * @param market a small number per marketplace, so A and B word the same product differently.
 */
export function describe(seed: number, id: Identity, now: number, market: number, own?: OwnText): string {
  const rng = new Rng(seed, 0xde, id.key, market);
  const line = lineOf(id);
  // A defined product of another model (or brand) than its drawn line gets no history of that line (mocks/world/defined-text.ts).
  const history = own?.model !== undefined ? `The ${own.model}${own.brand !== undefined && !own.model.toLowerCase().startsWith(own.brand.toLowerCase()) ? ` by ${own.brand}` : ''}.` : (MODEL_FACTS[line.primaryTitle]?.history ?? line.blurb);
  const colors = own?.colors ?? (COLORWAYS[id.colorway]?.colors ?? '').split(/[/-]/).filter((c, i, all) => c !== '' && all.indexOf(c) === i);
  const colourText = colors.length <= 1 ? (colors[0] ?? 'one colour') : `${colors.slice(0, -1).join(', ')} and ${colors[colors.length - 1]}`;
  const kind = line.productType === 'sneakers' ? pick(rng, ['pair', 'version', 'release']) : pick(rng, ['piece', 'edition', 'version']);
  const colourFrame = pick(rng, COLOUR_FRAMES);
  // Colours the given fields do not name are not described at all.
  const colour = own?.colors?.length === 0 ? '' : colourFrame(colourText, own?.nickname ?? nicknameOf(id), kind, colors.length > 1);
  const release = id.releaseDay * DAY_MS;
  const d = new Date(release);
  // A real release's date and style code are said only of the line's own shoe.
  const fact = own?.model === undefined && own?.colors === undefined ? factOf(line, id.colorway) : undefined;
  const when = fact ? `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}` : `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  let released = pick(rng, release > now ? RELEASE_FUTURE : RELEASE_PAST)(when, fact ? 'on' : 'in');
  if (fact) released = `${released.slice(0, -1)}, style code ${fact.code}.`;
  const order = rng.int(0, 2);
  const parts = order === 0 ? [history, colour, released] : order === 1 ? [colour, history, released] : [history, released, colour];
  return parts.filter((x) => x !== '').join(' ');
}
