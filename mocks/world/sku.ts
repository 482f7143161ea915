/**
 * Style codes (SKUs) written the way each brand writes them (§2.2 `sku`, §2.6 `sku`):
 * `DD1391-100` on marketplace A is `DD1391 100` on marketplace B. Every catalog item gets a
 * unique code; the registry maps a normalised code back to its catalog key.
 */
import { COLORWAYS, type ModelLine } from './catalog-data.js';
import { Rng } from './random.js';
import { COLOURWAY_FACTS, colourwayFact } from './facts/colourways.js';
import { MODEL_FACTS } from './facts/models.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/**
 * First letters of Nike and adidas style codes by release year (issue 30): a code never
 * predates its release. Nike: six digits until 2016, then AA.. (2017), B/C (2019), C/D
 * (2020), D (2021), D/F (2022), F (2023), F/H (2024), H/I (2025), I (2026 on); adidas: one
 * letter and five digits before 2015 (G17100), then A/B until 2016, B/C (2017), C/D (2018), E/F (2019), F/G (2020), G/H (2021-2022), H/I (2023),
 * I/J (2024), J (2025 on). Source: the launch archives of nike.com and adidas.com (for example
 * 555088 in 2015, CW2288 in 2020, DD1391 in 2021; CP9654 in 2017, FY5158 in 2020, HQ4540 in 2022).
 */
const NIKE_ERA: readonly (readonly [number, string])[] = [
  [2018, 'A'],
  [2019, 'AB'],
  [2020, 'BC'],
  [2021, 'CD'],
  [2022, 'D'],
  [2023, 'DF'],
  [2024, 'F'],
  [2025, 'FH'],
  [2026, 'HI'],
];
const ADIDAS_ERA: readonly (readonly [number, string])[] = [
  [2017, 'AB'],
  [2018, 'BC'],
  [2019, 'CD'],
  [2020, 'EF'],
  [2021, 'FG'],
  [2023, 'GH'],
  [2024, 'HI'],
  [2025, 'IJ'],
];
/** The first letters a code of a release year may take: the first era that year falls before, else the last. */
const eraOf = (eras: readonly (readonly [number, string])[], year: number, last: string): string => eras.find(([until]) => year < until)?.[1] ?? last;

/** Per model line (`primaryTitle`): the root of its six-digit style codes (facts/models.ts), e.g. 555088 for the Jordan 1 Retro High OG. */
const STYLE_ROOTS = new Map(Object.entries(MODEL_FACTS).flatMap(([line, f]) => (f.styleRoot ? [[line, f.styleRoot.root] as const] : [])));
/** Per model line: the root of its grade-school retros where the facts give one (575441 for the Jordan 1 Retro High OG GS). */
const GS_ROOTS = new Map(Object.entries(MODEL_FACTS).flatMap(([line, f]) => (f.styleRoot?.gs !== undefined ? [[line, f.styleRoot.gs] as const] : [])));
/**
 * The root of a six-digit-era code by the pair's gender (§2.2 `gender`): a kids' retro never carries
 * the men's root (GS, PS and TD pairs have codes of their own): a grade-school pair its line's GS root
 * where the facts give one, other kids' pairs none.
 */
const rootOf = (line: ModelLine, gender: string): string | undefined => (gender === 'child' ? GS_ROOTS.get(line.primaryTitle) : gender === 'preschool' || gender === 'toddler' ? undefined : STYLE_ROOTS.get(line.primaryTitle));

/**
 * New Balance writes the gender in front of the model number (expert finding 1, third report): M
 * men's, W women's, U unisex (M1500BWG, W990GL6, U9060; New Balance's explanation of its numbering,
 * complex.com 2014-09 and size?'s blog), and the kids' age group with the closure: GC grade school,
 * PV pre-school, IV infants (GC574, PV574, IV574 on newbalance.com kids' pages). A U code is sold
 * in women's sizes too; the 550's BB (basketball) takes the W after it (BBW550, women's 550s).
 */
function newBalancePrefix(prefix: string, gender: string): string {
  const model = prefix.replace(/^[A-Z]+(?=\d)/, '');
  switch (gender) {
    case 'women':
      return prefix.startsWith('U') ? prefix : prefix.startsWith('BB') ? `BBW${model}` : `W${model}`;
    case 'child':
      return `GC${model}`;
    case 'preschool':
      return `PV${model}`;
    case 'toddler':
      return `IV${model}`;
    default:
      return prefix;
  }
}
/** The codes of real releases (facts/colourways.ts): a drawn code never takes one (only the release's own product holds it). */
const FACT_CODES = new Set(COLOURWAY_FACTS.map((f) => normaliseSku(f.code)));
/** Collisions a six-digit-era product of a rooted line retries within its root before it draws an unrooted code. */
const ROOT_ATTEMPTS = 5;

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
 * @param year the release year (UTC): the code's era follows it.
 * @param gender §2.2 `gender` of the pair: New Balance and ASICS write it in the code; kids' retros have codes of their own.
 * @param month the release month (1-12, UTC): Supreme's season code follows it.
 */
export function drawSku(seed: number, key: number, line: ModelLine, colorway: number, attempt: number, year = 2024, gender = 'men', month = 6): string {
  // A real release carries its real style code (facts/colourways.ts); only its first product can hold it.
  const fact = attempt === 0 ? colourwayFact(line.primaryTitle, COLORWAYS[colorway]?.nickname ?? '') : undefined;
  if (fact) return fact.code;
  const rng = new Rng(seed, 0x5c, key, attempt);
  const extra = attempt >= 6 ? digits(rng, Math.ceil(attempt / 6)) : '';
  const code = COLORWAYS[colorway]?.code ?? '100';
  switch (line.sku) {
    case 'nike': {
      // A retro of a rooted line in the six-digit era keeps its line's root and varies the colour suffix's last two
      // digits (555088-1xx for a white pair): every retro of a model line shares one root (expert finding A).
      const root = year < 2017 && attempt < ROOT_ATTEMPTS ? rootOf(line, gender) : undefined;
      if (root !== undefined) {
        for (;;) {
          const rooted = `${root}-${code[0] ?? '1'}${digits(rng, 2)}`;
          if (!FACT_CODES.has(normaliseSku(rooted))) return rooted;
        }
      }
      return year < 2017 && attempt < 6 ? `${rng.int(300, 899)}${digits(rng, 3)}-${code}` : `${chars(rng, eraOf(NIKE_ERA, year, 'I'), 1)}${chars(rng, LETTERS, 1)}${digits(rng, 4)}${extra}-${code}`;
    }
    case 'adidas':
      // Before 2015 adidas article numbers were one letter and five digits (G17100, Q20638, D65493); two letters and four digits since.
      return year < 2015 && attempt < 6 ? `${chars(rng, 'DGMQV', 1)}${digits(rng, 5)}` : `${chars(rng, eraOf(ADIDAS_ERA, year, 'J'), 1)}${chars(rng, LETTERS, 1)}${digits(rng, 4)}${extra}`;
    case 'newbalance': {
      // The 990v6 ends its code with its version (M990GL6, W990GL6).
      const prefix = newBalancePrefix(line.skuPrefix ?? 'M', gender);
      return line.skuPrefix === 'M990' ? `${prefix}${chars(rng, LETTERS, 2)}${extra}6` : `${prefix}${chars(rng, LETTERS, 2)}${chars(rng, ALNUM, 1)}${extra}`;
    }
    case 'asics': {
      // ASICS SportStyle codes: 1201A men's, 1202A women's, 1203A unisex (1201A019 Gel-Kayano 14, 1202A056 its women's pair;
      // asics.com product pages); kids' pairs (grade school, pre-school, toddler) 1204A (asics.com kids' product pages;
      // expert finding 10, fourth report). The men's draw stays, so the digits of other codes do not move.
      const men = rng.next() < 0.7 ? '1201A' : '1203A';
      const kids = gender === 'child' || gender === 'preschool' || gender === 'toddler';
      const series = gender === 'women' ? '1202A' : gender === 'unisex' ? '1203A' : kids ? '1204A' : men;
      return `${series}${digits(rng, 3)}${extra}-${code}`;
    }
    case 'converse':
      return `A${digits(rng, 5)}${extra}C`;
    case 'vans':
      return `VN000${chars(rng, ALNUM, 6)}${extra}`;
    case 'salomon':
      return `L${digits(rng, 8)}${extra}`;
    default:
      return otherCode(rng, line, colorway, year, month, extra);
  }
}

/**
 * The codes of the brands outside the sneaker formats (expert finding 5, fourth report): Supreme's
 * season code only on Supreme, its season the release's (FW24… for August 2024 to January 2025, SS25…
 * for February to July 2025); Pokémon TCG products their UPC of The Pokémon Company International
 * (820650…, a valid check digit), the Japanese box its JAN (4521329…); Fear of God Essentials its
 * season-led code (192BT212050F: two year digits, the season, two letters, six digits, a letter);
 * KAWS figures the mock's own catalogue number (KAWSOE…: no public style code; it claims no real format).
 */
function otherCode(rng: Rng, line: ModelLine, colorway: number, year: number, month: number, extra: string): string {
  switch (line.brand) {
    case 'Supreme': {
      const fw = month >= 8 || month === 1;
      const seasonYear = month === 1 ? year - 1 : year;
      return `${fw ? 'FW' : 'SS'}${String(seasonYear % 100).padStart(2, '0')}${chars(rng, LETTERS, 2)}${digits(rng, 2)}${extra}`;
    }
    case 'Pokémon': {
      const japanese = (COLORWAYS[colorway]?.nickname ?? '').includes('Japanese');
      const body = `${japanese ? '4521329' : '820650'}${digits(rng, 5)}`;
      return `${body}${gs1Check(body)}${extra}`;
    }
    case 'Fear of God':
      return `${String(year % 100).padStart(2, '0')}${month >= 7 ? 2 : 1}${chars(rng, LETTERS, 2)}${digits(rng, 6)}${chars(rng, LETTERS, 1)}${extra}`;
    case 'KAWS':
      return `KAWSOE${digits(rng, 4)}${extra}`;
    default:
      return `${chars(rng, LETTERS, 2)}${digits(rng, 6)}${extra}`;
  }
}

/** The GS1 check digit of a code's body (UPC-A, EAN-13): from the right, weights 3 and 1 in turn. */
function gs1Check(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** Marketplace B writes the colour code after a space instead of a dash (`DD1391 100`). */
export function skuForB(skuA: string): string {
  return skuA.replace('-', ' ');
}

/** Lower-case URL slug, accents transliterated: `Jordan 1 Retro High OG 'Bred'` gives `jordan-1-retro-high-og-bred`, `Pokémon` gives `pokemon`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
