/**
 * The identity of one catalog item, derived from (seed, key) alone: model line, colourway,
 * edition, gender, release day, hype and factory. Marketplace A and B project the same item,
 * so a product listed on both is the same sneaker on both (issue 3, "one underlying catalog").
 */
import { COLORWAYS, EDITIONS, FACTORIES, GENDERS, MODEL_LINES, type ModelLine } from './catalog-data.js';
import { Rng, weighted } from './random.js';

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;
/** First and last release day (days since 1970-01-01 UTC) of the catalog. */
const FIRST_RELEASE = Date.UTC(2012, 0, 1) / DAY_MS;
const LAST_RELEASE = Date.UTC(2027, 2, 31) / DAY_MS;

const LINE_WEIGHTS = MODEL_LINES.map((l) => l.weight);
const GENDER_WEIGHTS = GENDERS.map((g) => g.weight);
const FACTORY_WEIGHTS = FACTORIES.map((f) => f[1]);
/** Resale demand of a size run relative to men's (by GENDERS index): kids' runs sell far less. */
const GENDER_DEMAND = [1, 0.7, 0.9, 0.35, 0.15, 0.12];

/** What every projection of a catalog item shares. */
export interface Identity {
  key: number;
  line: number;
  colorway: number;
  /** Index into EDITIONS, or -1 for none. */
  edition: number;
  gender: number;
  /** Release day, days since 1970-01-01 UTC; may lie after the clock (upcoming). */
  releaseDay: number;
  /** Hype, a standard normal draw: drives demand and resale premium. */
  hype: number;
  factory: string;
}

/** Derives the identity of catalog item `key` (pure, about a microsecond). */
export function identity(seed: number, key: number): Identity {
  const rng = new Rng(seed, 0x1d, key);
  const lineIdx = weighted(LINE_WEIGHTS, rng.next());
  const line = MODEL_LINES[lineIdx] as ModelLine;
  const colorway = rng.int(0, COLORWAYS.length - 1);
  const edition = rng.next() < 0.3 ? rng.int(0, EDITIONS.length - 1) : -1;
  let gender = weighted(GENDER_WEIGHTS, rng.next());
  if (line.chart === 'apparel' || line.chart === 'onesize' || line.chart === 'unisex') gender = 2; // unisex
  const first = Math.max(FIRST_RELEASE, Date.UTC(line.since, 0, 1) / DAY_MS);
  // Newer releases are more common: square the uniform draw towards the last release day.
  const releaseDay = Math.floor(LAST_RELEASE - (LAST_RELEASE - first) * rng.next() ** 2);
  const hype = rng.normal();
  const factory = FACTORIES[weighted(FACTORY_WEIGHTS, rng.next())]?.[0] ?? 'CN';
  return { key, line: lineIdx, colorway, edition, gender, releaseDay, hype, factory };
}

/** The model line of an identity. */
export const lineOf = (id: Identity): ModelLine => MODEL_LINES[id.line] as ModelLine;

/** The colourway nickname with its edition, such as `Chicago Reimagined`. */
export function nicknameOf(id: Identity): string {
  const cw = COLORWAYS[id.colorway]?.nickname ?? '';
  return id.edition >= 0 ? `${cw} ${EDITIONS[id.edition]}` : cw;
}

/** Title suffix of the identity's gender, such as ` (W)`. */
export const genderSuffix = (id: Identity): string => GENDERS[id.gender]?.suffix ?? '';
/** §2.2 `gender` of the identity. */
export const genderOf = (id: Identity): string => GENDERS[id.gender]?.gender ?? 'unisex';

/**
 * Expected sales per day of the item on one UTC day, before the marketplace's own factor:
 * log-normal in hype, higher in the months after release, zero before release.
 */
export function demand(id: Identity, day: number): number {
  if (day < id.releaseDay) return 0;
  const age = day - id.releaseDay;
  const base = 0.35 * Math.exp(1.55 * id.hype) * (GENDER_DEMAND[id.gender] ?? 1);
  const freshness = 1 + 2.5 * Math.exp(-age / 90);
  const weekday = (day + 4) % 7; // 0 = Sunday
  const weekend = weekday === 0 || weekday === 6 ? 1.2 : 1;
  return base * freshness * weekend;
}

/** Resale premium over retail: popular items resell above retail, quiet ones below. */
export function premium(id: Identity): number {
  return Math.min(4, Math.max(0.65, 1 + 0.28 * id.hype + 0.06 * id.hype * id.hype));
}
