/**
 * Products you define (issue 24): `resale-kit mock --data products.yaml`,
 * `createMockServer({ data })`, `createMswHandlers(base, { data })`. A data file (YAML or JSON)
 * lists products; each gives any subset of a product's fields for either or both marketplaces
 * and the world fills the rest as for its own products (mocks/world/defined.ts). An entry with
 * `replace` replaces an existing product; any other entry adds one.
 *
 * The file is checked at start, all of it, before anything is served: against its JSON Schema
 * ({@link productsFileSchema}, built from the contract's product schemas and checked with the
 * contract's one Ajv set-up, with the path parameters' patterns for ids and slugs and the
 * file's bounds) and against the world's rules (sizes that exist, sales before the clock and
 * after the release, ids, slugs and style codes nobody else has, each product reachable by its
 * own id and slug). The rules, D1-D24, are listed in docs/threat-model.md ("The data file"),
 * each with its source (§ of the description, production note, or the kit's decision). Every
 * problem is reported with the file, the entry, the JSON Pointer and what to do
 * ({@link DataFileError}); a file with any problem loads nothing.
 */
import { parseDocument } from 'yaml';
import { bundleSchema, escapeToken, type ContractValidator, type Json, type JsonObject } from '../../contract/index.js';
import { calendarProblem } from '../calendar.js';
import { OptionError } from '../errors.js';
import type { DefinedMarket, DefinedProduct, GivenAsk, GivenSale } from '../world/defined.js';
import { DAY_MS } from '../world/identity.js';
import { HISTORY_DAYS, lastDay } from '../world/sales.js';
import { sizesOf } from '../world/variants.js';
import { createWorld, type World, type WorldOptions } from '../world/world.js';

/** A data file as the mock takes it: its name (for messages) and its text (YAML or JSON), or an already parsed value. */
export type DataFileSource = { name: string; text: string } | { name: string; value: unknown };

/** `$id` of the data file's JSON Schema (also served in the package as `mocks/data/products-file.schema.json`). */
export const PRODUCTS_FILE_SCHEMA_ID = 'https://resale-kit.local/schemas/products-file.json';

/** Most products a data file may define (a bound on start-up work and memory; docs/threat-model.md D6). */
export const MAX_PRODUCTS = 100_000;

/**
 * Largest amount of money a data file may give, USD: `retail_price`, an ask's `price`, a
 * `lowest_ask`, a sale's `amount` (D19). Far above any resale price; it keeps every sum,
 * average and rounding the operations serve (`avg_price`, `avg_amount`, `min_price`) finite
 * (issue 29, finding 3: `retail_price: 1e308` served `avg_price: null`).
 */
export const MAX_MONEY_USD = 1_000_000;

/** Largest ask count of one delivery option (`market_a.asks[].prices[].asks`, D20). */
export const MAX_ASK_COUNT = 1_000_000;

/** Most sales a data file may give for one product on one marketplace (D21). */
export const MAX_SALES = 10_000;

/** Most items of any other list of a product (`images`, `gallery`, `gallery_360`, `categories`, `breadcrumbs`), and the deepest breadcrumb level (D21). */
export const MAX_LIST_ITEMS = 100;

/** Longest text member, in characters (UTF-16 code units, D4). */
export const MAX_TEXT_LENGTH = 10_000;

/**
 * Longest title (`title`, `market_a.title|primary_title|secondary_title`, `market_b.name`), in
 * characters (D5): with a style code of at most 32 characters a slug drawn from it stays within
 * the 200 characters the lookups' `id_or_slug` takes.
 */
export const MAX_TITLE_LENGTH = 150;

/** Longest size label, in characters (D18). */
export const MAX_SIZE_LABEL = 20;

/** Deepest nesting of a data file, the document itself being level 1 (D3). */
export const MAX_DEPTH = 32;

/** A style code in marketplace A's form (`DD1391-100`) or B's (`DD1391 100`), D17. */
const SKU_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]{2,30}[A-Za-z0-9]$';
/** A UUID as the A2-A4 path takes it (D11): no `urn:uuid:` prefix, no braces. */
const UUID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';

/** One problem of a data file: which entry (0-based; undefined for the file as a whole), where (a JSON Pointer) and what to do. */
export interface DataFileIssue {
  entry: number | undefined;
  pointer: string;
  message: string;
}

/** Problems a {@link DataFileError}'s message lists at most (all stay in `issues`): a file of a million bad values prints a page, not a million lines. */
export const MAX_LISTED_PROBLEMS = 100;

/** A data file that cannot be loaded; `message` lists the problems, one a line (the first {@link MAX_LISTED_PROBLEMS}). */
export class DataFileError extends OptionError {
  override name = 'DataFileError';
  readonly file: string;
  readonly issues: readonly DataFileIssue[];

  constructor(file: string, issues: readonly DataFileIssue[], labels: readonly string[] = []) {
    const lines = issues.slice(0, MAX_LISTED_PROBLEMS).map((i) => `  ${i.entry === undefined ? 'file' : `entry ${i.entry + 1}${labels[i.entry] ? ` (${labels[i.entry]})` : ''}`}, ${i.pointer || '/'}: ${i.message}`);
    if (issues.length > MAX_LISTED_PROBLEMS) lines.push(`  ... and ${issues.length - MAX_LISTED_PROBLEMS} more`);
    super(`--data ${file}: ${issues.length} problem${issues.length === 1 ? '' : 's'}, nothing loaded:\n${lines.join('\n')}`);
    this.file = file;
    this.issues = issues;
  }
}

/** Product fields the world computes, so a file may not give them, with what to give instead. */
const COMPUTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  market_a: {
    rank: 'rank is computed from sales (weekly_orders across the catalog): give market_a.sales instead',
    weekly_orders: 'weekly_orders counts the last 7 days of sales: give market_a.sales instead',
    min_price: 'min_price is computed from the asks: give market_a.asks instead',
    max_price: 'max_price is computed from the asks: give market_a.asks instead',
    avg_price: 'avg_price is computed from the asks: give market_a.asks instead',
    variants: 'variants follow from sizes and asks: give sizes and market_a.asks instead',
  },
  market_b: {
    rank: 'rank is computed from sales: give market_b.sales instead',
    weekly_orders: 'weekly_orders counts the last 7 days of sales: give market_b.sales instead',
    variants: 'variants follow from sizes and asks: give sizes and market_b.asks instead',
    sizes: 'sizes are shared by both marketplaces: give them as the entry’s sizes (US size labels such as "10.5")',
  },
};

/** The contract schema of each marketplace's product. */
const PRODUCT_SCHEMA: Readonly<Record<string, 'MarketAProduct' | 'MarketBProduct'>> = { market_a: 'MarketAProduct', market_b: 'MarketBProduct' };

/**
 * The data file's JSON Schema (2020-12): the entry fields, and per marketplace every field of its
 * contract product schema (§2.2, §2.6) except the computed ones, with `sales` and `asks`. Built
 * from the contract, so it follows `openapi.yaml`; shipped as
 * `mocks/data/products-file.schema.json` for editor completion (a test keeps the two equal).
 */
export function productsFileSchema(validator: ContractValidator): JsonObject & { $id: string } {
  const defs: JsonObject = {};
  const marketBlock = (segment: string, bounded: (props: JsonObject) => JsonObject): JsonObject => {
    const bundle = bundleSchema(validator.doc, PRODUCT_SCHEMA[segment] as string, PRODUCTS_FILE_SCHEMA_ID) as JsonObject;
    Object.assign(defs, bundle.$defs ?? {});
    const props = { ...((bundle.properties ?? {}) as JsonObject) };
    for (const k of Object.keys(COMPUTED[segment] ?? {})) delete props[k];
    const extra = bounded(props);
    return {
      type: 'object',
      description: `Fields of the ${segment} product as the contract defines them (${PRODUCT_SCHEMA[segment]}), each optional; given ones are written as given, the rest drawn.`,
      additionalProperties: false,
      properties: { ...props, ...extra },
    };
  };
  const size = { type: 'string', minLength: 1, maxLength: MAX_SIZE_LABEL, description: 'A size label of the product, such as "10.5" (one of its sizes).' };
  const money = (description: string, exclusive = false): JsonObject => ({ type: 'number', ...(exclusive ? { exclusiveMinimum: 0 } : { minimum: 0 }), maximum: MAX_MONEY_USD, description });
  const amount = money(`Amount in USD, 0 to ${MAX_MONEY_USD}.`);
  const title = (description: string): JsonObject => ({ type: 'string', maxLength: MAX_TITLE_LENGTH, description });
  const list = (schema: Json | undefined): JsonObject => ({ ...((schema ?? {}) as JsonObject), maxItems: MAX_LIST_ITEMS });
  const sku = { type: 'string', pattern: SKU_PATTERN, description: 'Style code (letters and digits, inner spaces or hyphens); the same code as the entry’s sku when both are given.' };
  /** The schema of a path parameter of the contract (D12, D13: what the lookups accept). */
  const pathParameter = (name: string): JsonObject => {
    const parameters = (validator.doc.components as unknown as { parameters?: Record<string, { schema?: JsonObject }> }).parameters;
    const schema = parameters && Object.hasOwn(parameters, name) ? parameters[name]?.schema : undefined;
    if (!schema) throw new Error(`the contract has no parameter ${name}`);
    return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-'))) as JsonObject;
  };
  const at = { $ref: '#/$defs/Timestamp', description: 'When, RFC 3339 UTC: before the clock, within the 365 days of history, not before the release.' };
  const a = marketBlock('market_a', (props) => ({
    id: { ...(props.id as JsonObject), pattern: UUID_PATTERN },
    slug: { ...pathParameter('MarketAIdOrSlug'), description: 'Slug: what A2-A4 take as id_or_slug, and not a UUID.' },
    sku,
    title: title('Title (§2.2).'),
    primary_title: title('Primary title (§2.2).'),
    secondary_title: title('Secondary title (§2.2).'),
    categories: list(props.categories),
    gallery: list(props.gallery),
    gallery_360: list(props.gallery_360),
    breadcrumbs: { ...list(props.breadcrumbs), items: { $ref: '#/$defs/Breadcrumb', properties: { level: { maximum: MAX_LIST_ITEMS } } } },
    sales: {
      type: 'array',
      maxItems: MAX_SALES,
      description: 'Sales used as given (A3); daily series, counts, weekly_orders and rank follow.',
      items: { type: 'object', required: ['size', 'amount', 'at'], additionalProperties: false, properties: { size, amount, at } },
    },
    asks: {
      type: 'array',
      maxItems: 60,
      description: 'Asks used as given, each size once; sizes not listed have none. lowest_ask, total_asks and min/max/avg price follow.',
      items: {
        type: 'object',
        required: ['size', 'prices'],
        additionalProperties: false,
        properties: {
          size,
          prices: {
            type: 'array',
            maxItems: 3,
            items: { $ref: '#/$defs/MarketAPrice', properties: { price: { maximum: MAX_MONEY_USD }, asks: { maximum: MAX_ASK_COUNT } }, description: 'A delivery option: its price is 0 exactly when it has no asks.' },
          },
        },
      },
    },
  }));
  const b = marketBlock('market_b', (props) => ({
    id: { ...(props.id as JsonObject), ...pathParameter('MarketBId'), description: 'Integer id: what B3 takes as id (1 to 999999999999999).' },
    slug: { ...pathParameter('MarketBIdOrSlug'), description: 'Slug: what B2 and B4 take as id_or_slug, and not 1-15 digits (an id).' },
    sku,
    name: title('Name (§2.6).'),
    images: { ...(props.images as JsonObject), maxItems: MAX_LIST_ITEMS },
    sales: {
      type: 'array',
      maxItems: MAX_SALES,
      description: 'Sales used as given (B3); the daily series follows.',
      items: {
        type: 'object',
        required: ['size', 'amount', 'at'],
        additionalProperties: false,
        properties: {
          size,
          amount,
          at,
          type: { type: 'string', enum: ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'] },
          location: { type: 'string', description: 'City, CC', pattern: '^[^,]+, [A-Z]{2}$' },
        },
      },
    },
    asks: {
      type: 'array',
      maxItems: 60,
      description: 'Lowest ask per size, used as given, each size once; sizes not listed have none.',
      items: { type: 'object', required: ['size', 'lowest_ask'], additionalProperties: false, properties: { size, lowest_ask: money(`Lowest ask in USD, 0 (none) to ${MAX_MONEY_USD}.`) } },
    },
  }));
  if (!defs.MarketAPrice) Object.assign(defs, (bundleSchema(validator.doc, 'MarketAVariant', PRODUCTS_FILE_SCHEMA_ID) as JsonObject).$defs ?? {});
  const sorted: JsonObject = {};
  for (const k of Object.keys(defs).sort()) sorted[k] = defs[k] as Json;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: PRODUCTS_FILE_SCHEMA_ID,
    title: 'resale-kit mock data file (--data)',
    description: 'Products to add to or replace in the mock’s data world. Every field is optional; what is not given is drawn as for the world’s own products.',
    type: 'object',
    required: ['products'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      products: {
        type: 'array',
        maxItems: MAX_PRODUCTS,
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            replace: {
              type: 'object',
              description: 'Replace this existing product (by id or slug on one marketplace) instead of adding one.',
              minProperties: 1,
              maxProperties: 1,
              additionalProperties: false,
              properties: { market_a: { type: 'string', minLength: 1 }, market_b: { type: 'string', minLength: 1 } },
            },
            title: { type: 'string', minLength: 1, maxLength: MAX_TITLE_LENGTH, description: 'Title on marketplace A and name on marketplace B, unless market_a.title or market_b.name say otherwise.' },
            brand: { type: 'string', minLength: 1, description: 'Brand on both marketplaces; a brand of the world (Nike, adidas, New Balance, ...) also gives its size chart and lines.' },
            sku: { type: 'string', pattern: SKU_PATTERN, description: 'Style code in marketplace A’s form (DD1391-100); marketplace B writes it with a space.' },
            sizes: { type: 'array', minItems: 1, maxItems: 60, uniqueItems: true, items: size, description: 'Size labels (US sizes such as "10.5", apparel "M", one size "OS"); sizes of the brand’s chart get its conversions.' },
            retail_price: money('Retail price in USD, above 0; asks and sales are drawn around it.', true),
            release_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z)?$', description: 'Release date (UTC), YYYY-MM-DD or a timestamp; after the clock makes the product upcoming.' },
            upcoming: { type: 'boolean', description: 'Releases after the clock (no sales yet).' },
            gender: { type: 'string', enum: ['men', 'women', 'unisex', 'child', 'preschool', 'toddler', 'infant'] },
            product_type: { type: 'string', enum: ['sneakers', 'streetwear', 'collectibles', 'accessories'] },
            images: { type: 'array', minItems: 1, maxItems: MAX_LIST_ITEMS, items: { $ref: '#/$defs/Url' }, description: 'Image URLs: A image and gallery, B image_url and images.' },
            market_a: a,
            market_b: b,
          },
        },
      },
    },
    $defs: sorted,
  };
}

/**
 * Builds the data world with the products of a data file: checks the whole file (rules D2-D24 of
 * docs/threat-model.md; D1, UTF-8, is {@link dataFileText}'s), then builds.
 * @throws DataFileError listing every problem (nothing is loaded when there is one).
 */
export function worldWithData(options: WorldOptions, source: DataFileSource, validator: ContractValidator): World {
  const name = source.name;
  const value = 'text' in source ? parseText(name, source.text) : source.value;
  // Depth and text first (D2-D4): nothing else walks the value before its depth is known.
  const shape: DataFileIssue[] = [];
  checkShape(value, shape);
  const violations = shape.length > 0 ? [] : validator.validateDocument(productsFileSchema(validator), value);
  const labels = labelsOf(value);
  if (shape.length > 0 || violations.length > 0) {
    const found = [...shape, ...violations.map((v) => schemaIssue(v.pointer, v.keyword, v.message, v.params))];
    // The entries the schema found nothing in go through the later checks too, so every problem is
    // listed at once (newcomer probe: a second entry's unknown sale size was hidden by a first entry's bad rank).
    const entries = value !== null && typeof value === 'object' && Array.isArray((value as { products?: unknown }).products) ? ((value as { products: unknown[] }).products as Entry[]) : undefined;
    if (shape.length === 0 && entries !== undefined && found.every((i) => i.entry !== undefined)) {
      const bad = new Set(found.map((i) => i.entry));
      const kept = entries.map((_, i) => i).filter((i) => !bad.has(i));
      if (kept.length > 0) {
        const back = (k: number | undefined): number | undefined => (k === undefined ? undefined : kept[k]);
        for (const issue of laterChecks(
          options,
          kept.map((i) => entries[i] as Entry),
        ).issues) {
          const entry = back(issue.entry);
          found.push({ ...issue, entry, pointer: issue.pointer.replace(/^\/products\/(\d+)/, (_, k: string) => `/products/${back(Number(k)) ?? k}`) });
        }
      }
    }
    throw new DataFileError(name, sortIssues(found), labels);
  }
  const { issues, world } = laterChecks(options, (value as { products: Entry[] }).products);
  if (issues.length > 0 || world === undefined) throw new DataFileError(name, sortIssues(issues), labels);
  return world;
}

/** Issues by entry (file-level first), then by pointer. */
function sortIssues(issues: readonly DataFileIssue[]): DataFileIssue[] {
  return [...issues].sort((x, y) => (x.entry ?? -1) - (y.entry ?? -1) || (x.pointer < y.pointer ? -1 : x.pointer > y.pointer ? 1 : 0));
}

/**
 * The checks after the schema (D5-D24): dates that exist, values, replacements, uniqueness, the
 * world's rules and lookups, on entries that follow the schema. Returns every problem found, and
 * the world when there is none.
 */
function laterChecks(options: WorldOptions, entries: Entry[]): { issues: DataFileIssue[]; world?: World } {
  const issues: DataFileIssue[] = [];
  // Dates that do not exist (2026-13-45, 2026-02-30) pass a pattern but would make the operations fail: refused first.
  entries.forEach((e, i) => checkDates(e, `/products/${i}`, i, issues));
  if (issues.length > 0) return { issues };
  entries.forEach((e, i) => checkValues(e, i, issues));
  const base = createWorld(options);
  const defined = entries.map((e, i) => toDefined(e, i, base, issues));
  checkReplaced(entries, defined, issues);
  checkUnique(entries, base, defined, issues);
  // Built even when a problem is known, so the world's rules are checked too and every problem is reported at once.
  const world = createWorld({ ...options, defined });
  checkWorld(world, entries, defined, issues);
  // Collisions with what the world draws for other entries show only once the rest holds.
  if (issues.length === 0) checkLookups(world, entries, defined, issues);
  return issues.length > 0 ? { issues } : { issues, world };
}

/**
 * The text of a data file's bytes (D1): UTF-8 only (a leading byte order mark is dropped); a
 * byte sequence that is not UTF-8 is refused with its offset and line, never replaced by U+FFFD.
 * Uses no Node API (the MSW entry runs in browsers).
 * @throws DataFileError naming the file, the byte offset and the line.
 */
export function dataFileText(name: string, bytes: Uint8Array): string {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    let line = 1;
    for (let k = 0; k < bad; k++) if (bytes[k] === 0x0a) line++;
    throw new DataFileError(name, [{ entry: undefined, pointer: '', message: `byte ${bad} (line ${line}) is not UTF-8: save the file as UTF-8` }]);
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/** Offset of the first byte that does not begin a well-formed UTF-8 sequence (RFC 3629 §4), or -1. */
function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0) return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < [0, 0x80, 0x800, 0x10000][n]! || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/** Control characters a text member may not hold (all of C0 but tab, line feed and carriage return; DEL). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const entryOf = (pointer: string): number | undefined => {
  const m = /^\/products\/(\d+)(?:\/|$)/.exec(pointer);
  return m ? Number(m[1]) : undefined;
};

/** The problem of one text (a value or a member name), or undefined (D2, D4). */
function textProblem(text: string): string | undefined {
  if (text.length > MAX_TEXT_LENGTH) return `the text has ${text.length} characters, more than ${MAX_TEXT_LENGTH}: shorten it`;
  const control = CONTROL.exec(text);
  if (control)
    return `the text holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${control.index + 1}: remove it (tab, line feed and carriage return are the only ones allowed)`;
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `the text holds half of a UTF-16 surrogate pair at character ${lone.index + 1} (not a character): remove it or give the whole character`;
  return undefined;
}

/**
 * Depth and text of the whole value, without recursion (D2, D3, D4): nested at most
 * {@link MAX_DEPTH} levels (the document is level 1); every text, member names included, at most
 * {@link MAX_TEXT_LENGTH} characters, well-formed Unicode, with no control character but tab,
 * line feed and carriage return. A cycle (a value given in code) stops at the depth bound.
 */
export function checkShape(value: unknown, issues: DataFileIssue[]): void {
  const stack: [unknown, string, number][] = [[value, '', 1]];
  while (stack.length > 0) {
    const [v, pointer, depth] = stack.pop() as [unknown, string, number];
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) issues.push({ entry: entryOf(pointer), pointer, message: problem });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_DEPTH) {
      issues.push({ entry: entryOf(pointer), pointer, message: `nested deeper than ${MAX_DEPTH} levels: flatten it (no member of a product needs more)` });
      continue;
    }
    const members: [unknown, string][] = Array.isArray(v) ? v.map((x, k) => [x, `${pointer}/${k}`]) : Object.keys(v).map((k) => [(v as Record<string, unknown>)[k], `${pointer}/${escapeToken(k)}`]);
    if (!Array.isArray(v))
      for (const k of Object.keys(v)) {
        const problem = textProblem(k);
        if (problem) issues.push({ entry: entryOf(pointer), pointer: `${pointer}/${escapeToken(k.slice(0, 40))}`, message: `member name: ${problem}` });
      }
    for (let k = members.length - 1; k >= 0; k--) {
      const [x, p] = members[k] as [unknown, string];
      stack.push([x, p, depth + 1]);
    }
  }
}

/**
 * Every text value that starts like a date (`YYYY-MM-DD`, then optionally `THH:MM:SS`) names a
 * date and time that exist: month 1-12, a day the month has, hours 0-23, minutes 0-59, seconds
 * 0-60 (a leap second), and a timestamp is in UTC (`Z` or `+00:00`). Walks the entry (its depth
 * is bounded by the file's schema).
 */
export function checkDates(value: unknown, pointer: string, entry: number, issues: DataFileIssue[]): void {
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/.exec(value);
    if (!m) return;
    const [h = 0, mi = 0, se = 0] = m.slice(4).map((x) => (x === undefined ? 0 : Number(x)));
    const why = calendarProblem([m[1] as string, m[2] as string, m[3] as string], h, mi, se);
    const problem = why === 'that time does not exist' ? `the time ${m[4]}:${m[5]}:${m[6]} does not exist` : why;
    if (problem) issues.push({ entry, pointer, message: `${JSON.stringify(value.slice(0, 40))} is not a date that exists (${problem}): give a real UTC date, YYYY-MM-DD or a timestamp` });
    // The contract lets a "string (timestamp)" carry any offset (§2.3, §2.4, §2.6-2.8); the mock serves what production sends, UTC.
    else if (/[+-]\d{2}:\d{2}$/.test(value) && !value.endsWith('+00:00'))
      issues.push({ entry, pointer, message: `${JSON.stringify(value.slice(0, 40))} has an offset other than UTC: give the time in UTC (Z), as the mock serves every timestamp` });
    return;
  }
  if (Array.isArray(value)) value.forEach((v, k) => checkDates(v, `${pointer}/${k}`, entry, issues));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) checkDates(v, `${pointer}/${escapeToken(k)}`, entry, issues);
}

/** One entry of a file, after its schema passed. */
interface Entry {
  replace?: { market_a?: string; market_b?: string };
  title?: string;
  brand?: string;
  sku?: string;
  sizes?: string[];
  retail_price?: number;
  release_date?: string;
  upcoming?: boolean;
  gender?: string;
  product_type?: string;
  images?: string[];
  market_a?: Record<string, unknown> & { sales?: { size: string; amount: number; at: string }[]; asks?: { size: string; prices: { type: 'standard' | 'express_standard' | 'express_expedited'; price: number; asks: number }[] }[] };
  market_b?: Record<string, unknown> & { sales?: { size: string; amount: number; at: string; type?: string; location?: string }[]; asks?: { size: string; lowest_ask: number }[] };
}

function parseText(name: string, text: string): unknown {
  const refuse = (message: string): DataFileError => {
    const first = (message.split('\n')[0] ?? '').replace(/:+$/, '');
    // The YAML reader recurses: a file nested hundreds of levels deep overflows its stack (D3).
    const what = /call stack/i.test(first) ? `nested far deeper than ${MAX_DEPTH} levels${first.replace(/^.*?call stack[^a-z]*size exceeded/i, '')}: flatten it` : `${first}: not valid YAML or JSON; fix the syntax there`;
    return new DataFileError(name, [{ entry: undefined, pointer: '', message: what }]);
  };
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  } catch (err) {
    throw refuse((err as Error).message);
  }
  if (doc.errors.length > 0) {
    throw new DataFileError(
      name,
      doc.errors.map((e) => refuse(e.message).issues[0] as DataFileIssue),
    );
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw refuse((err as Error).message);
  }
}

/** A label per entry for messages: its title, SKU or replace target. */
function labelsOf(value: unknown): string[] {
  const products = (value as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return [];
  return products.map((e: Entry) => {
    const label = e?.title ?? (e?.market_a?.title as string | undefined) ?? (e?.market_b?.name as string | undefined) ?? e?.sku ?? e?.replace?.market_a ?? e?.replace?.market_b;
    return typeof label === 'string' ? JSON.stringify(label.slice(0, 60)) : '';
  });
}

/** A schema violation as a data-file issue: the entry from the pointer, and a hint for computed fields. */
function schemaIssue(pointer: string, keyword: string, message: string, params: Record<string, unknown>): DataFileIssue {
  const entry = /^\/products\/(\d+)/.exec(pointer);
  let where = pointer;
  let text = message.replace(/^\S+ /, '');
  if (keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    where = `${pointer}/${field}`;
    const segment = /\/(market_[ab])$/.exec(pointer)?.[1];
    // `field` is the file's text (`constructor`, `__proto__`): looked up as an own member only.
    const block = segment !== undefined && Object.hasOwn(COMPUTED, segment) ? COMPUTED[segment] : undefined;
    const hint = block !== undefined && Object.hasOwn(block, field) ? block[field] : undefined;
    text = hint ?? `${field} is not a field here; see mocks/data/products-file.schema.json for the fields (marketplace fields go under market_a or market_b)`;
  } else if (pointer === '' && keyword === 'required') text = 'the file needs a products list: products: [ ... ]';
  else if (keyword === 'maximum' || keyword === 'maxLength' || keyword === 'maxItems') text = `${text}, a bound of the data file that keeps every answer within the contract (docs/threat-model.md, "The data file"); give less`;
  else text = `${text}; give a value the contract allows here`;
  if (pointer === '' || !pointer.startsWith('/')) text = message;
  return { entry: entry ? Number(entry[1]) : undefined, pointer: where, message: text };
}

const dayOf = (text: string): number => Math.floor(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) / DAY_MS);

/** An entry as the world takes it; the replace target resolved against the world without the file. */
function toDefined(e: Entry, i: number, base: World, issues: DataFileIssue[]): DefinedProduct {
  const markets = new Map<string, DefinedMarket>();
  let replaces: number | undefined;
  const listed: string[] = [];
  if (e.replace) {
    const [segment, target] = Object.entries(e.replace)[0] as [string, string];
    const market = segment === 'market_a' ? base.a : base.b;
    const p = market.resolve(target);
    if (p === undefined) {
      issues.push({ entry: i, pointer: `/products/${i}/replace/${segment}`, message: `no product of ${segment} has the id or slug ${JSON.stringify(target)}: use one from GET /v3/${segment}/products, or drop replace to add a product` });
    } else {
      replaces = base.keyOf(segment, p);
      for (const m of [base.a, base.b]) if (m.productOfKey(replaces) !== undefined) listed.push(m.profile.segment);
    }
  } else {
    for (const segment of ['market_a', 'market_b']) if (e[segment as 'market_a' | 'market_b'] !== undefined) listed.push(segment);
    if (listed.length === 0) listed.push('market_a', 'market_b');
  }
  for (const segment of ['market_a', 'market_b'] as const) {
    const block = e[segment];
    if (block === undefined) {
      if (listed.includes(segment)) markets.set(segment, { fields: {} });
      continue;
    }
    if (replaces !== undefined && !listed.includes(segment)) {
      issues.push({ entry: i, pointer: `/products/${i}/${segment}`, message: `the product it replaces is not listed on ${segment}: drop ${segment}, or add a new product instead of replacing` });
      continue;
    }
    const { sales, asks, ...fields } = block;
    const out: DefinedMarket = { fields };
    if (sales) {
      out.sales = sales.map((s): GivenSale => {
        const b = s as { type?: string; location?: string };
        return { size: s.size, amount: s.amount, time: Date.parse(s.at), ...(b.type === 'PURCHASE_TYPE_OFFER_CLOSED' ? { offer: true } : {}), ...(b.location === undefined ? {} : { location: b.location }) };
      });
    }
    if (asks) out.asks = asks.map((a): GivenAsk => ('prices' in a ? { size: a.size, prices: a.prices } : { size: a.size, lowestAsk: (a as { lowest_ask: number }).lowest_ask }));
    markets.set(segment, out);
  }
  const releaseText = e.release_date ?? (typeof e.market_b?.release_date === 'string' && e.market_b.release_date !== '' ? e.market_b.release_date : undefined);
  const skuB = typeof e.market_b?.sku === 'string' ? e.market_b.sku.replace(' ', '-') : undefined;
  const d: DefinedProduct = { entry: i, markets };
  if (replaces !== undefined) d.replaces = replaces;
  const title = e.title;
  if (title !== undefined) d.title = title;
  if (e.brand !== undefined) d.brand = e.brand;
  const sku = e.sku ?? (typeof e.market_a?.sku === 'string' ? e.market_a.sku : skuB);
  if (sku !== undefined) d.sku = sku;
  if (e.sizes !== undefined) d.sizes = e.sizes;
  if (e.retail_price !== undefined) d.retailPrice = e.retail_price;
  if (releaseText !== undefined) d.releaseDay = dayOf(releaseText);
  const upcoming = e.upcoming ?? (typeof e.market_a?.upcoming === 'boolean' ? e.market_a.upcoming : undefined);
  if (upcoming !== undefined) d.upcoming = upcoming;
  if (e.gender !== undefined) d.gender = e.gender;
  if (e.product_type !== undefined) d.productType = e.product_type;
  if (e.images !== undefined) d.images = e.images;
  return d;
}

/** Ids, slugs and style codes nobody else has: not another entry, not a product of the world (except the one replaced). */
function checkUnique(entries: Entry[], base: World, defined: DefinedProduct[], issues: DataFileIssue[]): void {
  const seen = new Map<string, number>();
  const claim = (what: string, value: string, i: number, pointer: string, owner: number | undefined): void => {
    const k = `${what}|${value}`;
    const first = seen.get(k);
    if (first !== undefined) issues.push({ entry: i, pointer, message: `entry ${first + 1} has the same ${what} ${JSON.stringify(value)}: give each product its own` });
    else seen.set(k, i);
    if (owner !== undefined && owner !== defined[i]?.replaces) issues.push({ entry: i, pointer, message: `an existing product already has the ${what} ${JSON.stringify(value)}: choose another, or replace that product` });
  };
  entries.forEach((e, i) => {
    const d = defined[i] as DefinedProduct;
    if (d.sku !== undefined) claim('style code', d.sku.toUpperCase().replace(/[^A-Z0-9]/g, ''), i, `/products/${i}/sku`, base.keyOfSku(d.sku));
    for (const segment of ['market_a', 'market_b'] as const) {
      const m = segment === 'market_a' ? base.a : base.b;
      const f = e[segment] ?? {};
      for (const field of ['id', 'slug']) {
        const v = f[field];
        if (v === undefined) continue;
        const text = String(v);
        const p = m.resolve(field === 'id' && segment === 'market_a' ? text.toLowerCase() : text);
        claim(`${segment} ${field}`, text.toLowerCase(), i, `/products/${i}/${segment}/${field}`, p === undefined ? undefined : base.keyOf(segment, p));
      }
    }
  });
}

/** The world's rules for what a file gives, on the built world: sizes that exist, sales in the history window and after release. */
function checkWorld(world: World, entries: Entry[], defined: DefinedProduct[], issues: DataFileIssue[]): void {
  const now = world.options.now;
  const today = lastDay(now);
  defined.forEach((d, i) => {
    for (const [segment, m] of d.markets) {
      const market = segment === 'market_a' ? world.a : world.b;
      const key = d.replaces ?? world.definedKey(d.entry);
      const p = market.productOfKey(key);
      if (p === undefined) continue;
      const id = market.identity(p);
      const labels = sizesOf(0, id).map((z) => z.spec.size);
      const known = (s: string): boolean => labels.includes(s) || sizesOf(0, id).some((z) => z.spec.presentation === s);
      const list = labels.join(', ');
      m.sales?.forEach((s, j) => {
        const at = `/products/${i}/${segment}/sales/${j}`;
        if (!known(s.size)) issues.push({ entry: i, pointer: `${at}/size`, message: `size ${JSON.stringify(s.size)} is not one of the product's sizes (${list}): use one of them, or list it in sizes` });
        if (s.time >= now) issues.push({ entry: i, pointer: `${at}/at`, message: `the sale is not before the clock (${new Date(now).toISOString()}): sales lie in the past; move it, or start the mock with a later --now` });
        else if (Math.floor(s.time / DAY_MS) <= today - HISTORY_DAYS)
          issues.push({ entry: i, pointer: `${at}/at`, message: `the sale is older than the ${HISTORY_DAYS} days of history before the clock: move it into the last ${HISTORY_DAYS} days` });
        if (Math.floor(s.time / DAY_MS) < id.releaseDay)
          issues.push({ entry: i, pointer: `${at}/at`, message: `the sale is before the product's release (${new Date(id.releaseDay * DAY_MS).toISOString().slice(0, 10)}): nothing sells before release; move the sale or the release_date` });
      });
      m.asks?.forEach((a, j) => {
        if (!known(a.size)) issues.push({ entry: i, pointer: `/products/${i}/${segment}/asks/${j}/size`, message: `size ${JSON.stringify(a.size)} is not one of the product's sizes (${list}): use one of them, or list it in sizes` });
        const types = (a.prices ?? []).map((x) => x.type);
        if (new Set(types).size !== types.length)
          issues.push({ entry: i, pointer: `/products/${i}/${segment}/asks/${j}/prices`, message: 'a delivery option appears twice: give each type (standard, express_standard, express_expedited) once' });
      });
      for (const field of ['created_at', 'updated_at']) {
        const v = m.fields[field];
        if (typeof v === 'string' && Date.parse(v) > now)
          issues.push({ entry: i, pointer: `/products/${i}/${segment}/${field}`, message: `${field} is after the clock (${new Date(now).toISOString()}): give a time before it, or start the mock with a later --now` });
      }
      const upcoming = entries[i]?.upcoming ?? entries[i]?.market_a?.upcoming;
      if (upcoming === true && (m.sales?.length ?? 0) > 0)
        issues.push({ entry: i, pointer: `/products/${i}/${segment}/sales`, message: 'an upcoming product has no sales yet: drop the sales, or make it released (upcoming: false, or a release_date before the clock)' });
      if (upcoming === true && d.releaseDay !== undefined && d.releaseDay <= today)
        issues.push({ entry: i, pointer: `/products/${i}/upcoming`, message: 'upcoming is true but release_date is not after the clock: drop one of them or make them agree' });
      if (upcoming === false && d.releaseDay !== undefined && d.releaseDay > today)
        issues.push({ entry: i, pointer: `/products/${i}/upcoming`, message: 'upcoming is false but release_date is after the clock: drop one of them or make them agree' });
    }
  });
}

const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const normalisedSku = (sku: string): string => sku.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Rules on one entry's values that need no world (after its schema passed): slugs the lookups
 * would read as ids (D14), style codes that agree (D17), prices that are 0 exactly when there is
 * no ask (D20, production-behaviour.md "Values seen in real responses"), each size listed once
 * in asks (D23).
 */
function checkValues(e: Entry, i: number, issues: DataFileIssue[]): void {
  const at = `/products/${i}`;
  const slugA = e.market_a?.slug;
  if (typeof slugA === 'string' && UUID_FORM.test(slugA))
    issues.push({ entry: i, pointer: `${at}/market_a/slug`, message: 'the slug has the form of a UUID, so A2-A4 would read it as an id: give a slug of words (letters, digits, hyphens)' });
  const slugB = e.market_b?.slug;
  if (typeof slugB === 'string' && /^[0-9]{1,15}$/.test(slugB)) issues.push({ entry: i, pointer: `${at}/market_b/slug`, message: 'the slug is 1-15 digits, so B2 and B4 would read it as an id: give a slug with a letter or a hyphen' });
  const codes: [string, string][] = [];
  if (e.sku !== undefined) codes.push([`${at}/sku`, e.sku]);
  if (typeof e.market_a?.sku === 'string') codes.push([`${at}/market_a/sku`, e.market_a.sku]);
  if (typeof e.market_b?.sku === 'string') codes.push([`${at}/market_b/sku`, e.market_b.sku]);
  const [first, ...rest] = codes;
  for (const [pointer, code] of rest)
    if (first && normalisedSku(code) !== normalisedSku(first[1]))
      issues.push({ entry: i, pointer, message: `the style code ${JSON.stringify(code)} is not the one at ${first[0]} (${JSON.stringify(first[1])}): give one code, written either way (DD1391-100 or DD1391 100)` });
  e.market_a?.asks?.forEach((a, j) =>
    a.prices.forEach((x, k) => {
      if ((x.price === 0) !== (x.asks === 0))
        issues.push({
          entry: i,
          pointer: `${at}/market_a/asks/${j}/prices/${k}/price`,
          message: x.price === 0 ? `a price of 0 means no asks, but asks is ${x.asks}: give the lowest ask's price, or asks 0` : 'with no asks the price is 0 (never a price without an ask): give price 0, or the count of asks',
        });
    }),
  );
  for (const segment of ['market_a', 'market_b'] as const) {
    const seen = new Set<string>();
    e[segment]?.asks?.forEach((a, j) => {
      if (seen.has(a.size)) issues.push({ entry: i, pointer: `${at}/${segment}/asks/${j}/size`, message: `size ${JSON.stringify(a.size)} is listed twice in asks: give each size once` });
      seen.add(a.size);
    });
  }
}

/** No product of the world replaced by two entries (D10), whatever id or slug names it. */
function checkReplaced(entries: Entry[], defined: DefinedProduct[], issues: DataFileIssue[]): void {
  const first = new Map<number, number>();
  defined.forEach((d, i) => {
    if (d.replaces === undefined) return;
    const earlier = first.get(d.replaces);
    const segment = Object.keys(entries[i]?.replace ?? {})[0] ?? 'market_a';
    if (earlier !== undefined) issues.push({ entry: i, pointer: `/products/${i}/replace/${segment}`, message: `entry ${earlier + 1} already replaces this product: merge the two entries into one` });
    else first.set(d.replaces, i);
  });
}

/**
 * Every defined product answers its own ids and slugs (D16): A2-A4 by its UUID and by its slug,
 * B2 and B4 by its id and slug, B3 by its id. A given id or slug that another entry's drawn one
 * (or a drawn one that a given one) shadows is named at the member that was given.
 */
function checkLookups(world: World, entries: Entry[], defined: DefinedProduct[], issues: DataFileIssue[]): void {
  const owner = new Map<number, number>();
  defined.forEach((d, i) => owner.set(d.replaces ?? world.definedKey(d.entry), i));
  const givenAt = (i: number, segment: 'market_a' | 'market_b', field: 'id' | 'slug'): string | undefined => (entries[i]?.[segment]?.[field] === undefined ? undefined : `/products/${i}/${segment}/${field}`);
  defined.forEach((d, i) => {
    const key = d.replaces ?? world.definedKey(d.entry);
    for (const segment of ['market_a', 'market_b'] as const) {
      const market = segment === 'market_a' ? world.a : world.b;
      const p = market.productOfKey(key);
      if (p === undefined || !d.markets.has(segment)) continue;
      const id = segment === 'market_a' ? world.a.uuidOf(p) : String(world.b.idOf(p));
      const slug = market.slugOf(p);
      const lookups: ['id' | 'slug', string, number | undefined][] = [
        ['id', id, market.resolve(id)],
        ['slug', slug, market.resolve(slug)],
        ...(segment === 'market_b' ? [['id', id, world.b.resolve(id, true)] as ['id', string, number | undefined]] : []),
      ];
      for (const [field, text, found] of lookups) {
        if (found === p) continue;
        const other = found === undefined ? undefined : owner.get(world.keyOf(segment, found));
        const pointer = givenAt(i, segment, field) ?? (other === undefined ? undefined : givenAt(other, segment, field)) ?? `/products/${i}/${field === 'slug' ? 'title' : segment}`;
        const whose = other === undefined ? (found === undefined ? 'no product' : 'a product of the world') : `entry ${other + 1}`;
        issues.push({
          entry: entryOf(pointer) ?? i,
          pointer,
          message: `the ${segment} ${field} ${JSON.stringify(text.slice(0, 60))} of entry ${i + 1} leads to ${whose}, not to it: give each product an id and slug of its own`,
        });
      }
    }
  });
}
