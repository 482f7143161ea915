/**
 * The identity of one catalog item, derived from (seed, key) alone: model line, colourway,
 * edition, gender, release day, hype and factory. Marketplace A and B project the same item,
 * so a product listed on both is the same sneaker on both (issue 3, "one underlying catalog").
 */
import { COLORWAYS, CURATED_COUNT, EDITIONS, FACTORIES, GENDERS, MODEL_LINES, PALETTE_EDITIONS, type ModelLine, type Palette } from './catalog-data.js';
import type { EdgeCase } from './edge-cases.js';
import { SIZE_CHARTS } from './size-charts.js';
import { Picker, Rng } from './random.js';
import { BRAND_FACTS, DEFAULT_WEEKDAYS, SEASONAL_PACKS } from './facts/brands.js';
import { colourwayFact, NAMED_PALETTES, type ColourwayFact } from './facts/colourways.js';
import { ENGLISH_151_DATES, JAPANESE_151, madeInOf, MODEL_FACTS, SEALED_151_RESALE, type ResaleRange } from './facts/models.js';

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;
/** First and last release day (days since 1970-01-01 UTC) of the catalog. */
const FIRST_RELEASE = Date.UTC(2012, 0, 1) / DAY_MS;
const LAST_RELEASE = Date.UTC(2027, 0, 31) / DAY_MS;
/** From this day on releases are as frequent as on it (before it they grow linearly): the calendar ahead is no denser than the past. */
const PLATEAU = Date.UTC(2025, 5, 30) / DAY_MS;

const LINE_PICK = new Picker(MODEL_LINES.map((l) => l.weight));
const BOX_LOGO = MODEL_LINES.findIndex((l) => l.primaryTitle === 'Supreme Box Logo Hooded Sweatshirt');
/** Colourway indexes of each palette. */
const POOLS = new Map<Palette, number[]>();
COLORWAYS.forEach((c, i) => POOLS.set(c.palette, [...(POOLS.get(c.palette) ?? []), i]));
/** Edition indexes (into EDITIONS) of each palette. */
const EDITION_POOLS = new Map<Palette, number[]>(Object.entries(PALETTE_EDITIONS).map(([palette, names]) => [palette as Palette, (names ?? []).map((n) => EDITIONS.indexOf(n))]));

/**
 * The colourways a line comes in (indexes into COLORWAYS): its real releases first (issue 30:
 * a release name only on its own line, facts/colourways.ts), then the names that claim no
 * release (colour descriptions, a brand's plain colour names).
 */
export const colorwaysOf = (line: ModelLine): readonly number[] => LINE_POOL.get(line) ?? POOLS.get(line.palette) ?? [0];
/** The colourways of a line that name no real release (the ones start-up may give a product to keep titles apart). */
export const inventedColorwaysOf = (line: ModelLine): readonly number[] => LINE_INVENTED.get(line) ?? colorwaysOf(line);
/** The real release a colourway of a line names, or undefined for an invented or descriptive name. */
export const factOf = (line: ModelLine, colorway: number): ColourwayFact | undefined => colourwayFact(line.primaryTitle, COLORWAYS[colorway]?.nickname ?? '');
const named = (line: ModelLine): boolean => NAMED_PALETTES.includes(line.palette);
/** Per line: the real releases of a named palette, then its non-curated names; other palettes keep their pool. */
const LINE_POOL = new Map<ModelLine, number[]>();
const LINE_INVENTED = new Map<ModelLine, number[]>();
const FACT_COUNT = new Map<ModelLine, number>();
/** Per line of a palette without release names whose pool leaves names out: how many curated names it keeps. */
const KEPT_CURATED = new Map<ModelLine, number>();
/**
 * Names no line draws: a seasonal pack's (facts/brands.ts, a claim about a release month), and the
 * Japanese 151 booster box (one product, the non-ASCII edge case, on its own date: facts/models.ts).
 */
const undrawn = (c: number): boolean => SEASONAL_PACKS.some((s) => COLORWAYS[c]?.nickname.includes(s.word) === true) || COLORWAYS[c]?.nickname === JAPANESE_151.nickname;
for (const line of MODEL_LINES) {
  const all = POOLS.get(line.palette) ?? [0];
  const pool = all.some(undrawn) ? all.filter((c) => !undrawn(c)) : all;
  if (!named(line)) {
    if (pool !== all) {
      LINE_POOL.set(line, pool);
      LINE_INVENTED.set(line, pool);
      KEPT_CURATED.set(line, all.slice(0, CURATED_COUNT[line.palette] ?? all.length).filter((c) => !undrawn(c)).length);
    }
    continue;
  }
  const curated = CURATED_COUNT[line.palette] ?? 0;
  const facts = pool.slice(0, curated).filter((c) => factOf(line, c) !== undefined);
  const invented = pool.slice(curated);
  LINE_POOL.set(line, [...facts, ...invented]);
  LINE_INVENTED.set(line, invented);
  FACT_COUNT.set(line, facts.length);
}
/** The editions a line may carry (indexes into EDITIONS); empty for lines without editions. `Made in USA` only on lines made there (facts/models.ts). */
export const editionsOf = (line: ModelLine): readonly number[] =>
  (EDITION_POOLS.get(line.palette) ?? []).filter((e) => EDITIONS[e] !== 'Made in USA' || ((madeInOf(line.primaryTitle) ?? []).includes('US') && !line.primaryTitle.includes('Made in USA')));
/** Per line index: its colourway pool, how many of them are curated, its editions (looked up once, not per identity). */
const LINE_POOLS = MODEL_LINES.map((l) => colorwaysOf(l));
const LINE_CURATED = MODEL_LINES.map((l) => {
  if (named(l)) return FACT_COUNT.get(l) ?? 0;
  return KEPT_CURATED.get(l) ?? CURATED_COUNT[l.palette] ?? colorwaysOf(l).length;
});
/**
 * The first day a product of a line may release (days since 1970-01-01 UTC): 1 January of its
 * `since` year, or its launch date where facts/models.ts gives one (the 151 set: 2023-09-22),
 * never before the catalogue's first release day.
 */
const drawFirstDayOf = (line: ModelLine): number => {
  const launch = MODEL_FACTS[line.primaryTitle]?.launch;
  return Math.max(FIRST_RELEASE, Date.UTC(line.since, 0, 1) / DAY_MS, launch === undefined ? 0 : Date.parse(`${launch}T00:00:00Z`) / DAY_MS);
};
/**
 * The first day a product of a line releases: {@link drawFirstDayOf}, or the line's real first
 * release where facts/models.ts gives a later one (the Yeezy 350 V2: 2016-09-24).
 */
export const firstDayOf = (line: ModelLine): number => {
  const first = MODEL_FACTS[line.primaryTitle]?.firstRelease?.date;
  return Math.max(drawFirstDayOf(line), first === undefined ? 0 : Date.parse(`${first}T00:00:00Z`) / DAY_MS);
};
/** Per line index: the first day its release draws start from, and the first day a product of it may release. */
const LINE_FIRST = MODEL_LINES.map(drawFirstDayOf);
const LINE_FLOOR = MODEL_LINES.map(firstDayOf);
/** Days after a line's real first release into which the products drawn before it are moved, at least (else as many as they spanned before it). */
const CATCH_UP_DAYS = 365;
const LINE_EDITIONS = MODEL_LINES.map((l) => editionsOf(l));
/** Per line index: the countries its pairs are made in (facts/models.ts), else undefined for the catalog's factories. */
const LINE_MADE_IN = MODEL_LINES.map((l) => madeInOf(l.primaryTitle));
/** Per line index: the cumulative release-weekday weights of its brand (facts/brands.ts), Sunday first. */
const LINE_WEEKDAYS = MODEL_LINES.map((l) => {
  const w = BRAND_FACTS[l.brand]?.weekdays ?? DEFAULT_WEEKDAYS;
  return new Picker([0, 1, 2, 3, 4, 5, 6].map((d) => w[d as 0] ?? 0));
});
/** Lines whose pairs are sold in men's and kids' sizes only (no women's run): Yeezy, Nike SB, the Kobe 6 Protro (no women's pair of it released). */
const NO_WOMENS = new Set(['adidas Yeezy Boost 350 V2', 'Nike SB Dunk Low', 'Nike Kobe 6 Protro']);
/**
 * Lines with no grade-school run, and what a kids' draw becomes: the Yeezy 350 V2 came for kids only
 * as "Kids" (pre-school sizes) and "Infants" (toddler sizes), never GS; the Made in USA 990v6 has no
 * kids' pairs at all (kids' 990s are imported and not titled Made in USA): its kids' draws are men's
 * (expert findings 9 and 11, fourth report).
 */
const NO_GS: Readonly<Record<string, { child: number; kids: number | undefined }>> = {
  'adidas Yeezy Boost 350 V2': { child: 4, kids: undefined },
  'New Balance 990v6 Made in USA': { child: 0, kids: 0 },
};
const GENDER_PICK = new Picker(GENDERS.map((g) => g.weight));
const FACTORY_PICK = new Picker(FACTORIES.map((f) => f[1]));
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
  /** Hype, a standard normal draw: drives demand (sales volume). */
  hype: number;
  /** How the resale market values it beyond its release type, a standard normal draw independent of hype: drives the premium. */
  resale: number;
  /**
   * A limited release (a small run) rather than a general release: it sells fewer pairs and
   * resells far above retail, where a general release trades near retail (issue 13).
   */
  limited: boolean;
  /** A real release of the fact base (facts/colourways.ts): only these may resell at a named hype tier's premium. */
  named?: true;
  factory: string;
  /** The title carries the release year, to tell it from an earlier release of the same colourway (set by the catalog). */
  dated: boolean;
  /** The edge case this item stands for (mocks/world/edge-cases.ts), set by the catalog. */
  edge?: EdgeCase;
  /** Retail price in USD instead of the line's (a product defined in a data file). */
  retail?: number;
  /** The sizes it comes in instead of its line's run, as `size` labels (a product defined in a data file). */
  sizeLabels?: readonly string[];
}

/** Derives the identity of catalog item `key` (pure, about a microsecond): its drawn identity with its real release applied. */
export function identity(seed: number, key: number): Identity {
  return withFact(drawnIdentity(seed, key));
}

/**
 * The drawn identity of catalog item `key` before a real release is applied: the colourway it
 * draws, and a date, run, edition and hype of an ordinary release of its line. A catalog that
 * gives the item another colourway (to keep titles apart) applies {@link withFact} to that one,
 * so an invented colourway never takes a real release's date, premium or volume.
 */
export function drawnIdentity(seed: number, key: number): Identity {
  const rng = new Rng(seed, 0x1d, key);
  const lineIdx = LINE_PICK.pick(rng.next());
  const line = MODEL_LINES[lineIdx] as ModelLine;
  // Curated nicknames most of the time, else a two-tone or solid name of the same palette.
  const pool = LINE_POOLS[lineIdx] as readonly number[];
  const curated = LINE_CURATED[lineIdx] as number;
  const colorway = pool[rng.next() < (curated > 0 ? 0.65 : 0) ? rng.int(0, curated - 1) : rng.int(0, pool.length - 1)] as number;
  const editions = LINE_EDITIONS[lineIdx] as readonly number[];
  const edition = rng.next() < 0.3 && editions.length > 0 ? (editions[rng.int(0, editions.length - 1)] as number) : -1;
  let gender = GENDER_PICK.pick(rng.next());
  if (line.chart === 'apparel' || line.chart === 'onesize' || SIZE_CHARTS[line.chart].unisex) gender = 2; // unisex
  if (gender === 1 && NO_WOMENS.has(line.primaryTitle)) gender = 0;
  const noGs = NO_GS[line.primaryTitle];
  if (noGs && gender === 3) gender = noGs.child;
  else if (noGs?.kids !== undefined && gender >= 4) gender = noGs.kids;
  const first = LINE_FIRST[lineIdx] as number;
  const last = line.until === undefined ? LAST_RELEASE : Math.min(LAST_RELEASE, Date.UTC(line.until, 11, 31) / DAY_MS);
  // Releases grow linearly until the plateau, then stay as frequent (a line that has ended: uniform over its lifetime).
  const draw = rng.next();
  // Draws the facts need come from a stream of their own, so the identity's other draws stay as they were.
  const facts = new Rng(seed, 0x1e, key);
  let releaseDay = line.until === undefined ? plateauDay(first, last, draw) : Math.floor(first + (last - first) * draw);
  // A product drawn before its model existed (expert finding 4, fourth report) moves after the model's real first release (as
  // many days after it as it was drawn before it, at least a year), in order; the products drawn after it keep their days.
  const floor = LINE_FLOOR[lineIdx] as number;
  if (releaseDay < floor) releaseDay = floor + Math.floor(((releaseDay - first) * Math.min(last - floor, Math.max(CATCH_UP_DAYS, floor - first))) / Math.max(1, floor - first));
  // On one of its brand's release weekdays (facts/brands.ts): back to it, or forward when that leaves the line's lifetime.
  const weekday = (LINE_WEEKDAYS[lineIdx] as Picker).pick(facts.next());
  const back = (((releaseDay + 4) % 7) - weekday + 7) % 7;
  releaseDay = releaseDay - back >= floor ? releaseDay - back : releaseDay - back + 7;
  // Supreme's Box Logo hoodies drop once a year, all colours on one December Thursday (the year's drop, or the last one before the catalogue ends).
  if (lineIdx === BOX_LOGO) {
    const year = new Date(releaseDay * DAY_MS).getUTCFullYear();
    releaseDay = boxLogoDropDay(year) <= last ? boxLogoDropDay(year) : boxLogoDropDay(year - 1);
  }
  const hype = rng.normal();
  // Nearly normal (Irwin–Hall of three uniforms, mean 0, variance 1) without logarithms: identities are drawn by the million.
  const resale = 2 * (rng.next() + rng.next() + rng.next() - 1.5);
  const limited = rng.next() < (line.productType === 'sneakers' ? 0.18 : 0.1);
  const made = LINE_MADE_IN[lineIdx];
  const drawnFactory = FACTORIES[FACTORY_PICK.pick(rng.next())]?.[0] ?? 'CN';
  const factory = made === undefined ? drawnFactory : (made[Math.floor(facts.next() * made.length)] ?? drawnFactory);
  return { key, line: lineIdx, colorway, edition, gender, releaseDay, hype, resale, limited, factory, dated: false };
}

/**
 * An identity with the real release its colourway names applied (facts/colourways.ts), or the
 * identity itself when the colourway names none: the release's date, a men's run, no edition,
 * and its hype tier's premium and volume. Only the product that carries the release's name
 * gets them: an item that drew the name but was given another colourway stays an ordinary
 * release of its line (expert finding: made-up colourways stacked on famous dates).
 */
export function withFact(id: Identity): Identity {
  const line = MODEL_LINES[id.line] as ModelLine;
  // An English product of the 151 set released with the set (or on its own date): September-October 2023, never later.
  if (id.line === POKEMON_151) {
    const date = ENGLISH_151_DATES.byNickname[COLORWAYS[id.colorway]?.nickname ?? ''] ?? ENGLISH_151_DATES.default;
    return { ...id, releaseDay: Date.parse(`${date}T00:00:00Z`) / DAY_MS };
  }
  const fact = named(line) ? factOf(line, id.colorway) : undefined;
  if (!fact) return id;
  // Famous releases are among the most traded pairs (StockX Big Facts): a staple like the very best-sellers
  // (≈ 90 pairs a day at hype 3.6), a general release like the top percent, a limited one (a fifth of the volume) likewise.
  const hype = Math.max(id.hype, fact.staple ? 3.6 : fact.tier === 1 ? 2.6 : 3.1);
  const resale = Math.max(id.resale, fact.tier === 3 ? 1.5 : fact.tier === 2 ? 0.5 : id.resale);
  return { ...id, releaseDay: Date.parse(`${fact.date}T00:00:00Z`) / DAY_MS, gender: 0, edition: -1, limited: fact.tier >= 2, hype, resale, named: true };
}

/** A release day in [first, last] from a uniform draw: density growing linearly up to PLATEAU, then flat. */
function plateauDay(first: number, last: number, u: number): number {
  const p = Math.min(Math.max(PLATEAU, first), last);
  const rising = (p - first) / 2;
  const flat = last - p;
  const total = rising + flat;
  if (total <= 0) return first;
  const x = u * total;
  return Math.floor(x < rising ? first + (p - first) * Math.sqrt(x / rising) : p + (x - rising));
}

/** The model line of an identity. */
export const lineOf = (id: Identity): ModelLine => MODEL_LINES[id.line] as ModelLine;

/** The colourway nickname with its edition, such as `Chicago Reimagined` (B's `nickname`). */
export function nicknameOf(id: Identity): string {
  const cw = COLORWAYS[id.colorway]?.nickname ?? '';
  return id.edition >= 0 ? `${cw} ${EDITIONS[id.edition]}` : cw;
}

/** The release year of an identity (UTC). */
export const releaseYearOf = (id: Identity): number => new Date(id.releaseDay * DAY_MS).getUTCFullYear();
/** The release month of an identity (UTC), 1 = January. */
export const releaseMonthOf = (id: Identity): number => new Date(id.releaseDay * DAY_MS).getUTCMonth() + 1;

/**
 * The day of Supreme's yearly Box Logo hooded sweatshirt drop (days since 1970-01-01 UTC): one fall/winter
 * drop a year, every colour of the year on the same Thursday, in December (the second Thursday here).
 * Expert finding 5, fourth report: Supreme drops its Box Logo hoodies once a season, on a Thursday in late
 * November or December (supremenewyork.com FW drop lists).
 */
export function boxLogoDropDay(year: number): number {
  const dec1 = Date.UTC(year, 11, 1) / DAY_MS;
  const toThursday = (4 - ((dec1 + 4) % 7) + 7) % 7; // (day + 4) % 7 is the weekday, 0 = Sunday
  return dec1 + toThursday + 7;
}

/** The nickname as titles show it: with the release year when the catalog dates it, such as `Panda (2021)`. */
export const titleNicknameOf = (id: Identity): string => (id.dated ? `${nicknameOf(id)} (${releaseYearOf(id)})` : nicknameOf(id));

/** Marketplace A's title of a drawn identity (§2.2 `title`): the line's primary title, the nickname, the gender mark. */
export const titleOfA = (id: Identity): string => `${lineOf(id).primaryTitle} ${titleNicknameOf(id)}${genderSuffix(id)}`;

/** Marketplace B's name of a drawn identity (§2.6 `name`): the line's B name, the nickname in quotes, the year when dated, the gender mark. */
export const nameOfB = (id: Identity): string => `${lineOf(id).nameB} '${nicknameOf(id)}'${id.dated ? ` ${releaseYearOf(id)}` : ''}${genderSuffix(id)}`;

/** Title suffix of the identity's gender, such as ` (W)`. */
export const genderSuffix = (id: Identity): string => GENDERS[id.gender]?.suffix ?? '';
/** §2.2 `gender` of the identity. */
export const genderOf = (id: Identity): string => GENDERS[id.gender]?.gender ?? 'unisex';

/** Days after release of a general release's restock, or undefined when it has none (about half have one). */
export function restockAge(id: Identity): number | undefined {
  if (id.limited) return undefined;
  const u = ((Math.imul(id.key ^ 0x9e3779b9, 0x85ebca6b) >>> 0) % 10_000) / 10_000;
  return u < 0.5 ? 60 + Math.floor(u * 2 * 240) : undefined;
}

/**
 * Expected sales per day of the item on one UTC day, before the marketplace's own factor:
 * log-normal in hype, higher in the weeks after release and after a restock, more at the
 * weekend, zero before release. Limited releases sell a fraction of a general release's
 * volume (few pairs exist).
 */
export function demand(id: Identity, day: number): number {
  if (day < id.releaseDay || id.edge === 'never-sold') return 0;
  const age = day - id.releaseDay;
  const base = 0.35 * Math.exp(1.55 * id.hype) * (GENDER_DEMAND[id.gender] ?? 1) * (id.limited ? 0.2 : 1);
  const freshness = 1 + 2.5 * Math.exp(-age / 90);
  const restock = restockAge(id);
  const restocked = restock !== undefined && age >= restock ? 1 + 1.5 * Math.exp(-(age - restock) / 7) : 1;
  const weekday = (day + 4) % 7; // 0 = Sunday
  const weekend = weekday === 0 || weekday === 6 ? 1.2 : 1;
  return base * freshness * restocked * weekend;
}

/** Per line index and colourway: the resale range facts give it, a release's own, a sealed 151 product's, or its line's (facts/models.ts). */
const LINE_RESALE = MODEL_LINES.map((l) => MODEL_FACTS[l.primaryTitle]?.resale);
const POKEMON_151 = MODEL_LINES.findIndex((l) => l.primaryTitle === 'Pokémon TCG: Scarlet & Violet 151');
/** The resale range of an identity from the facts, or undefined when its premium follows the retail-centred bands. */
export function resaleRangeOf(id: Identity): ResaleRange | undefined {
  // A named release resells at its own range, else within its line's (a Yeezy 350 V2 release like any 350 V2), else at its tier.
  if (id.named) return factOf(lineOf(id), id.colorway)?.resale ?? LINE_RESALE[id.line];
  if (id.line === POKEMON_151) return SEALED_151_RESALE[COLORWAYS[id.colorway]?.nickname ?? ''];
  return LINE_RESALE[id.line];
}

/**
 * Resale premium over retail today, a factor (1 = retail). A product whose resale the facts
 * state (Supreme Box Logo hoodies, KAWS Open Edition figures, sealed Pokémon 151 product, the
 * 2015 Chicago, Yeezy 350 V2s and Ultraboost 1.0s, named Yeezys among them) trades within that USD range: the premium is the range's level over its line's
 * retail, higher for a limited run, whatever the tier caps say. General releases trade near retail
 * (0.65–1.35×; the most hyped, of which most pairs exist, a little lower); limited releases
 * trade above it: named releases of the fact base at their hype tier (1.3–4.5×), invented ones
 * within a mass-market model's band (1.15–1.75×). Volume and premium are therefore not the same thing: the best
 * sellers are general releases near retail.
 */
export function premium(id: Identity): number {
  const range = resaleRangeOf(id);
  if (range) {
    // Where in the range (log scale): the resale draw, a limited run higher; a named release at the middle of its own
    // range, or within its line's range by its hype tier (tier 1 the middle, tier 3 the top).
    const fact = id.named ? factOf(lineOf(id), id.colorway) : undefined;
    const u = fact ? (fact.resale ? 0.5 : 0.25 + 0.25 * fact.tier) : Math.min(1, Math.max(0, 0.5 + 0.25 * id.resale + (id.limited ? 0.1 : 0)));
    return (range.low * (range.high / range.low) ** u) / lineOf(id).retail;
  }
  // A named release of the fact base resells at its hype tier; an invented limited pair claims no hype, so it stays
  // within what limited runs of its model trade at (at most 1.75× retail: StockX/GOAT bands of mass-market models).
  if (id.limited && id.named) return Math.min(4.5, Math.max(1.3, 1.5 + 0.5 * Math.exp(0.6 * id.resale)));
  if (id.limited) return Math.min(1.75, Math.max(1.15, 1.2 + 0.2 * Math.exp(0.6 * id.resale)));
  // The busiest general releases have the most pairs for sale: more hype, a little less premium.
  return Math.min(1.35, Math.max(0.65, 0.97 + 0.1 * id.resale - 0.04 * id.hype));
}

/**
 * The price level of an item on a day, relative to its level on day `today` (1 on `today`):
 * a release premium that fades over weeks, then a drift (general releases slide towards
 * retail, limited pairs climb), the market's slow swings, and a dip after a restock.
 */
export function priceLevel(id: Identity, day: number, today: number): number {
  return trajectory(id, day - id.releaseDay) / trajectory(id, today - id.releaseDay);
}

function trajectory(id: Identity, age: number): number {
  const a = Math.max(0, age);
  const years = Math.min(1.5, a / 365);
  let t = id.limited ? 1 + 0.15 * Math.exp(-a / 14) + 0.3 * years : 1 + 0.35 * Math.exp(-a / 21) - 0.1 * years;
  // The market's own swings: a slow wave of ±5 % with a period of 45 to 150 days, per item.
  const h = Math.imul(id.key ^ 0x51ed27, 0x2c1b3c6d) >>> 0;
  t *= 1 + 0.05 * Math.sin((2 * Math.PI * a) / (45 + (h % 106)) + ((h >>> 8) % 628) / 100);
  const restock = restockAge(id);
  if (restock !== undefined && a >= restock) t *= 1 - 0.12 * Math.exp(-(a - restock) / 21);
  return t;
}
