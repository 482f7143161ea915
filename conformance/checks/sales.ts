/** Per-sale history: A3 rules 1–3 (§4.1), B3 rules 1–2 (§4.2), and what the samples show. */
import { fail, isObject, notJudged, okBody, okItems, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { FoundA } from '../found.js';
import type { Exchange } from '../types.js';

type Sale = Record<string, any>;
const A3 = 'listMarketAProductSales';
const B3 = 'listMarketBProductSales';
const same = (x: Sale, y: Sale): boolean => x.variant_id === y.variant_id && x.created_at === y.created_at && x.amount === y.amount;

async function salesProductA(ctx: CheckContext): Promise<{ product: FoundA; sales: Sale[]; ex: Exchange } | Verdict> {
  const d = await ctx.discover();
  const product = d.aSales;
  // Without a paid key discovery asks for no sales (A3 is premium): say so, not that there were none (newcomer probe).
  if (!product?.sales) return skip(d.notes.a ?? (ctx.options.apiKey ? 'no discovered marketplace A product has at least two sales' : 'needs --api-key (a paid key): A3 is a premium operation'), A3);
  const sales = okItems(product.sales);
  if (!sales) return unusable(product.sales, 'A3 of a discovered product');
  return { product, sales, ex: product.sales };
}

/** Rule 1: without variant_id, sales of all variants are returned. */
export const a3AllVariants: Check = {
  id: 'a3-all-variants',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A3 rule 1: without variant_id, sales of all variants of the product are returned',
  title: "A3 without variant_id has every variant's sales",
  scenario: async (ctx) => {
    const got = await salesProductA(ctx);
    if ('outcome' in got) return [got];
    const { product, sales, ex } = got;
    if (sales.length === 0) return [notJudged('the per-sale list of the discovered product is empty', A3)];
    if (product.variants.length === 0) return [notJudged(`A2 with display[variants]=true gave no variants of ${product.id} to look for in its sales`, A3)];
    const seen = new Set(sales.map((s) => s.variant_id));
    const full = sales.length >= 100;
    const oldest = sales.length > 0 ? Date.parse(String(sales[sales.length - 1]?.created_at)) : Infinity;
    const out: Verdict[] = [];
    for (const v of product.variants.filter((x) => !seen.has(x.id)).slice(0, 4)) {
      const filtered = await ctx.call(A3, { id_or_slug: product.id }, { variant_id: String(v.id), limit: 1 });
      const newest = okItems(filtered)?.[0];
      if (newest && newest.variant_id === v.id && (!full || Date.parse(String(newest.created_at)) >= oldest)) {
        out.push(fail(`variant ${v.id} sold at ${newest.created_at}, within the span of the unfiltered list, but the list has no sale of it`, ex, '/data', { missing: newest }));
      }
    }
    return out.length > 0 ? out : [pass(`the unfiltered list covers ${seen.size} variants; no other variant has a sale in its span`, ex)];
  },
};

/** Page size of the filtered walks: small, so that a variant's sales span several pages. */
const FILTER_PAGE = 5;
/** Pages walked per variant at most. */
const FILTER_PAGES = 6;
/** Variants walked at most. */
const FILTER_VARIANTS = 8;

/**
 * Rule 2: with variant_id, only that variant's sales, on every page; the newest sale of the
 * variant in the unfiltered list leads the filtered list; and a variant id of another product
 * never gives that product's sales (whatever the status: an empty list, a 404 or a 422).
 */
export const a3VariantFilter: Check = {
  id: 'a3-variant-filter',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A3 rule 2: with variant_id, only sales of that variant are returned (on every page; a variant of another product has none)',
  title: "A3 with variant_id has that variant's sales only, on every page",
  scenario: async (ctx) => {
    const got = await salesProductA(ctx);
    if ('outcome' in got) return [got];
    const { product, sales } = got;
    const known = product.variants.map((v) => String(v.id));
    const variantIds = [...new Set([...sales.map((s) => String(s.variant_id)), ...known])].slice(0, FILTER_VARIANTS);
    if (variantIds.length === 0) return [notJudged(`no variant of ${product.id} is known (no sales, no variants)`, A3)];
    const out: Verdict[] = [];
    for (const v of variantIds) {
      let first: Sale | undefined;
      let judged = 0;
      for (let page = 1; page <= FILTER_PAGES; page++) {
        const ex = await ctx.call(A3, { id_or_slug: product.id }, { variant_id: v, limit: FILTER_PAGE, page });
        const filtered = okItems(ex);
        if (!filtered) {
          out.push(unusable(ex, `A3 with variant_id=${v}, page ${page}`));
          break;
        }
        first ??= filtered[0];
        const other = filtered.findIndex((s) => s.variant_id !== v);
        if (other >= 0) {
          out.push(fail(`asked for variant ${v}, page ${page} (limit ${FILTER_PAGE}) has a sale of variant ${filtered[other]?.variant_id}`, ex, `/data/${other}/variant_id`, filtered[other]?.variant_id));
          break;
        }
        judged += filtered.length;
        if (page === 1) {
          const newestOfV = sales.find((s) => s.variant_id === v);
          if (newestOfV && (!filtered[0] || !same(filtered[0], newestOfV))) {
            out.push(fail(`the newest sale of variant ${v} in the unfiltered list (${newestOfV.created_at}) is not the first of the filtered list`, ex, '/data/0', filtered[0] ?? null));
            break;
          }
        }
        if (filtered.length < FILTER_PAGE) {
          if (judged > 0) out.push(pass(`${judged} sales on ${page} page(s), all of variant ${v}`, ex));
          break;
        }
        if (page === FILTER_PAGES) out.push(pass(`${judged} sales on ${page} pages, all of variant ${v}`, ex));
      }
    }
    // A variant of another product: none of its sales belong here, so nothing of this product may come back.
    const d = await ctx.discover();
    // One with sales of its own first: a server that hands out the other product's sales under this one's id shows only then.
    const others = d.a.filter((p) => p.id !== product.id);
    const foreign = [...others.flatMap((p) => (p.sales ? (okItems(p.sales) ?? []) : []).map((x) => String(x.variant_id))), ...others.flatMap((p) => p.variants.map((x) => String(x.id)))].find(
      (id) => id !== 'undefined' && !known.includes(id) && !sales.some((x) => String(x.variant_id) === id),
    );
    if (foreign === undefined) out.push(notJudged('no variant of another marketplace A product was discovered to ask for', A3));
    else {
      for (let page = 1; page <= 2; page++) {
        const ex = await ctx.call(A3, { id_or_slug: product.id }, { variant_id: foreign, limit: FILTER_PAGE, page });
        const list = okItems(ex);
        if (!list) {
          out.push(pass(`a variant of another product is refused (${ex.status ?? ex.error})`, ex));
          break;
        }
        const bad = list.findIndex((s) => s.variant_id !== foreign);
        if (bad >= 0) {
          out.push(fail(`asked for variant ${foreign} of another product, page ${page} has a sale of variant ${list[bad]?.variant_id}: the filter was ignored`, ex, `/data/${bad}/variant_id`, list[bad]?.variant_id));
          break;
        }
        // Sales of another product's variant are none of this product's (round 4 vendor probe: they came back relabelled with this product's id).
        if (list.length > 0) {
          out.push(fail(`asked for variant ${foreign} of another product, ${product.id}'s per-sale history gave ${list.length} sale(s) of it: a variant of another product has no sales here`, ex, '/data/0', list[0]));
          break;
        }
        if (page === 2 || list.length < FILTER_PAGE) {
          out.push(pass(`a variant of another product gives no sales of ${product.id}`, ex));
          break;
        }
      }
    }
    return out.length > 0 ? out : [notJudged(`no variant of ${product.id} has sales to walk`, A3)];
  },
};

/** Sales lists are newest first (A3 rule 3 shows it in samples; the contract decides it). */
export const salesNewestFirst: Check = {
  id: 'sales-newest-first',
  level: 'should',
  source: 'samples',
  requirement: '§4.1 A3 rule 3 (samples) and decision: per-sale lists are newest first',
  title: 'A3 and B3 are newest first',
  response: (ex) => {
    if (ex.operationId !== A3 && ex.operationId !== B3) return undefined;
    const sales = okItems(ex);
    if (!sales || sales.length < 2) return undefined;
    const field = ex.operationId === A3 ? 'created_at' : 'purchased_at';
    for (let i = 1; i < sales.length; i++) {
      if (Date.parse(String(sales[i]?.[field])) > Date.parse(String(sales[i - 1]?.[field]))) {
        return fail(`record ${i} (${sales[i]?.[field]}) is newer than record ${i - 1} (${sales[i - 1]?.[field]})`, ex, `/data/${i}/${field}`, sales[i]?.[field]);
      }
    }
    return pass(`${sales.length} records newest first`, ex);
  },
};

/** Each sale belongs to the product asked for and to one of its variants (A) or sizes (B). */
export const saleBelongs: Check = {
  id: 'sale-belongs',
  level: 'should',
  source: 'practice',
  requirement: "§2.4, §2.8 and §4: a sale's product_id is the product asked for; its variant_id (A) is one of its variants, its size_us (B) one of its sizes",
  title: 'sales belong to the product and its variants',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const out: Verdict[] = [];
    for (const p of d.a) {
      const sales = p.sales ? okItems(p.sales) : undefined;
      if (!p.sales || !sales) continue;
      const variants = new Set(p.variants.map((v) => v.id));
      const bad = sales.findIndex((s) => s.product_id !== p.id || (variants.size > 0 && !variants.has(s.variant_id)));
      out.push(bad < 0 ? pass(`${sales.length} sales of ${p.id}`, p.sales) : fail(`sale ${bad} is not of product ${p.id} and its variants`, p.sales, `/data/${bad}`, sales[bad]));
    }
    for (const p of d.b) {
      const sales = p.sales ? okItems(p.sales) : undefined;
      if (!p.sales || !sales) continue;
      const sizes = sizesOfB(p.doc);
      const notOf = sales.findIndex((s) => s.product_id !== p.id);
      const notSized = sales.findIndex((s) => sizes.size > 0 && !sizes.has(bareSize(s.size_us)));
      if (notOf >= 0) out.push(fail(`sale ${notOf} has product_id ${JSON.stringify(sales[notOf]?.product_id)}, not ${p.id}, the product asked for`, p.sales, `/data/${notOf}/product_id`, sales[notOf]?.product_id));
      else if (notSized >= 0)
        out.push(
          fail(
            `sale ${notSized} has size_us ${JSON.stringify(sales[notSized]?.size_us)}, which is none of the product's sizes or variant sizes (${[...sizes].slice(0, 8).join(', ')})`,
            p.sales,
            `/data/${notSized}/size_us`,
            sales[notSized]?.size_us,
          ),
        );
      else out.push(pass(`${sales.length} sales of ${p.id}, each in one of its sizes`, p.sales));
    }
    return out.length > 0 ? out : [skip(d.notes.a ?? d.notes.b ?? 'no sales found', A3)];
  },
};

/** A size written bare for comparison: `US 11`, `us m 11`, ` 11 ` and `11` are all `11`. */
const bareSize = (x: unknown): string =>
  String(x ?? '')
    .trim()
    .toLowerCase()
    .replace(/^us\s*[mw]?\s*/, '');

/**
 * The sizes a marketplace B product is sold in, written bare ({@link bareSize}): its `sizes`
 * presentations and values and its variants' `size` (§2.6, §2.7). The description types them
 * and nothing more, so `size_us: "11"` is in a product whose presentation reads `US 11`.
 */
function sizesOfB(doc: Record<string, any>): Set<string> {
  const out = new Set<string>();
  for (const s of Array.isArray(doc.sizes) ? doc.sizes : []) {
    if (!isObject(s)) continue;
    if (s.presentation !== undefined) out.add(bareSize(s.presentation));
    if (typeof s.value === 'number' && Number.isFinite(s.value)) out.add(String(s.value));
  }
  for (const v of Array.isArray(doc.variants) ? doc.variants : []) if (isObject(v) && v.size !== undefined) out.add(bareSize(v.size));
  return out;
}

const TYPES = ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'];

/** Rule 2 of §4.2: each B3 record's `type` is one of the two values of §2.8. */
export const b3SaleType: Check = {
  id: 'b3-sale-type',
  level: 'must',
  source: 'description',
  requirement: '§4.2 rule 2, §2.8: each B3 record carries a type from PURCHASE_TYPE_SALE, PURCHASE_TYPE_OFFER_CLOSED',
  title: 'B3 sale type is one of the two values',
  response: (ex) => {
    if (ex.operationId !== B3) return undefined;
    const sales = okItems(ex);
    if (!sales || sales.length === 0) return undefined;
    const bad = sales.findIndex((s) => !TYPES.includes(s.type));
    return bad < 0 ? pass(`${sales.length} records with a known type`, ex) : fail(`record ${bad} has type ${JSON.stringify(sales[bad]?.type)}`, ex, `/data/${bad}/type`, sales[bad]?.type);
  },
};

/**
 * Rule 1 of §4.2: B3 takes the numeric id. The production note (Errors) says what a server does
 * with anything else: "a non-numeric id where a number is required" gets 422 with
 * `errors[].location` `path.id`. Should, from the note (round 4 vendor probe 7: it was an info
 * check of the kit's own, and a 404 for a slug passed).
 */
export const b3NumericId: Check = {
  id: 'b3-numeric-id',
  level: 'should',
  source: 'production',
  requirement: '§4.2 rule 1: B3 takes the numeric product ID; production note (Errors): a non-numeric id where a number is required gets 422 with errors[].location path.id',
  title: 'B3 refuses a slug with 422',
  scenario: async (ctx) => {
    // B3 is premium: a key that is not entitled gets 403 whatever the id (the free-key-only run).
    if (!ctx.options.apiKey) return [skip('needs --api-key (a paid key): B3 is a premium operation', B3)];
    const d = await ctx.discover();
    const p = d.b.find((x) => x.slug && !/^\d+$/.test(x.slug));
    if (!p) return [skip(d.notes.b ?? 'no marketplace B product with a slug', B3)];
    const ex = await ctx.call(B3, { id: p.slug });
    if (ex.status === 422) {
      const errors = isObject(ex.json) && Array.isArray(ex.json.errors) ? ex.json.errors : [];
      if (errors.some((e: unknown) => isObject(e) && e.location === 'path.id')) return [pass('a slug is a 422 at path.id', ex)];
      return [fail('the 422 for a slug has no errors[] entry at location path.id; production names the refused id as path.id', ex, '/errors')];
    }
    if (ex.status !== undefined && ex.status >= 400 && ex.status < 500) return [fail(`a slug is refused with ${ex.status}; production answers a non-numeric id where a number is required with 422 (production note, Errors)`, ex)];
    return [fail(`B3 accepted a slug as its id (answered ${ex.status ?? ex.error}); it takes the numeric id only (§4.2 rule 1), and production refuses anything else with 422`, ex)];
  },
};

/** B3 pages: `meta` echoes page and per_page, and page 2 continues page 1. */
export const b3Pagination: Check = {
  id: 'b3-pagination',
  level: 'should',
  source: 'production',
  requirement: '§2.1 B3 meta {page, per_page}; production note (Pagination): page and limit select the page',
  title: 'B3 honours page and limit',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const p = d.bSales;
    const all = p?.sales ? okItems(p.sales) : undefined;
    if (!p || !all || all.length < 6) return [skip(d.notes.b ?? 'no marketplace B product with at least 6 sales', B3)];
    const ex = await ctx.call(B3, { id: p.id }, { page: 2, limit: 5 });
    const body = okBody(ex);
    if (!body || !Array.isArray(body.data)) return [unusable(ex, 'B3 page 2')];
    if (body.meta?.page !== 2 || body.meta?.per_page !== 5) return [fail(`meta is ${JSON.stringify(body.meta)}; expected {page: 2, per_page: 5}`, ex, '/meta', body.meta)];
    if (body.data.length > 5) return [fail(`limit=5 returned ${body.data.length} records`, ex, '/data', body.data.length)];
    const expected = all.slice(5, 10);
    return JSON.stringify(body.data) === JSON.stringify(expected) ? [pass('page 2 continues page 1', ex)] : [fail('page 2 of 5 is not records 6-10 of the first page of 100', ex, '/data/0', body.data[0] ?? null)];
  },
};

/** Production note: per-sale history defaults to `limit=50`. */
export const b3DefaultPage: Check = {
  id: 'b3-default-page',
  level: 'should',
  source: 'production',
  requirement: 'production note (Pagination and parameters): per-sale history defaults to limit=50',
  title: 'B3 pages default to 50',
  scenario: async (ctx) => {
    if (!ctx.options.apiKey) return [skip('needs --api-key (a paid key): B3 is a premium operation', B3)];
    const d = await ctx.discover();
    const p = d.bSales ?? d.b[0];
    if (!p) return [skip(d.notes.b ?? 'no marketplace B product', B3)];
    const ex = await ctx.call(B3, { id: p.id });
    const body = okBody(ex);
    if (!body || !Array.isArray(body.data)) return [unusable(ex, 'B3 without limit')];
    const available = okItems(p.sales)?.length ?? 0;
    const perPage = isObjectMeta(body.meta) ? body.meta.per_page : undefined;
    if (perPage !== undefined && perPage !== 50) return [fail(`without limit, meta.per_page is ${JSON.stringify(perPage)}; production pages per-sale history by 50`, ex, '/meta/per_page', perPage)];
    if (body.data.length > 50) return [fail(`without limit, the page holds ${body.data.length} sales; production pages per-sale history by 50`, ex, '/data', body.data.length)];
    if (available > 50 && body.data.length < 50) return [fail(`without limit, the page holds ${body.data.length} sales of the ${available} a page of 100 holds; production pages per-sale history by 50`, ex, '/data', body.data.length)];
    if (perPage === undefined && available <= 50) return [notJudged(`the product has ${available} sales and the answer has no meta.per_page, so the default page size does not show`, B3)];
    return [pass('the default page is 50', ex)];
  },
};

const isObjectMeta = (x: unknown): x is { per_page?: unknown } => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `City, Country`: two non-empty parts separated by one comma (§2.8 "City and country form."). */
const CITY_AND_COUNTRY = /^[^,]*\S[^,]*,\s*[^,\s][^,]*$/;

/** `US, Chicago`: a two-letter country code first and a longer name after it, the order reversed (round 4 vendor probe 8). */
const countryFirst = (location: string): boolean => {
  const [first, last] = location.split(',').map((x) => x.trim());
  return first !== undefined && last !== undefined && /^[A-Z]{2}$/.test(first) && !/^[A-Z]{2}$/.test(last);
};

/**
 * §2.8: a B3 record's `location` is in "City and country form." (production writes `"City, CC"`):
 * a city, a comma, a country. Judges every 200 B3 answer; the first record out of form fails.
 */
export const b3SaleLocation: Check = {
  id: 'b3-sale-location',
  level: 'must',
  source: 'description',
  requirement: '§2.8: location is a string in city and country form ("City, CC" in production)',
  title: 'B3 sale location is a city and a country',
  response: (ex) => {
    if (ex.operationId !== B3) return undefined;
    const sales = okItems(ex);
    if (!sales || sales.length === 0) return undefined;
    const bad = sales.findIndex((s) => typeof s.location !== 'string' || !CITY_AND_COUNTRY.test(s.location) || countryFirst(s.location));
    return bad < 0
      ? pass(`${sales.length} records with a city and a country`, ex)
      : fail(
          `record ${bad} has location ${JSON.stringify(sales[bad]?.location)}, not a city and a country ("City, CC")${typeof sales[bad]?.location === 'string' && countryFirst(sales[bad]?.location) ? ': the country code comes first' : ''}`,
          ex,
          `/data/${bad}/location`,
          sales[bad]?.location,
        );
  },
};

/** A day, in milliseconds. */
const DAY_MS = 86_400_000;
/** Pages of 100 A3 records read per product to reach back 60 days. */
const HISTORY_MAX_PAGES = 5;
/** The windows of §2.3's counts, in days, by member. */
const COUNT_WINDOWS: readonly [string, number][] = [
  ['sales_count_15_days', 15],
  ['sales_count_30_days', 30],
  ['sales_count_60_days', 60],
];

/**
 * §2.3 with §2.4: a variant's `sales_count_15_days`, `_30_` and `_60_` count its sales of the last
 * 15, 30 and 60 days, and A3 lists those sales. The server's "now" is unknown, but it is no earlier
 * than the product's newest sale, so a window of N days starts no earlier than N days (and one
 * more, for servers that count whole days) before that sale: a count above the variant's A3 sales
 * since then counts sales the window does not hold (round 4 vendor probe 8: the 60-day count
 * took in sales up to 85 days old). Judged on the discovered A product with sales, when its first
 * A3 page reaches back past the 60 days (or holds its whole history).
 */
export const salesCountsWithinHistory: Check = {
  id: 'sales-counts-within-history',
  level: 'must',
  source: 'description',
  // A product whose history is dense may hold more than a page in 60 days: then nothing is judged, and that is no fault.
  optional: true,
  requirement: "§2.3 sales_count_15/30/60_days with §2.4 (A3): a variant's count over N days is at most its A3 sales of the last N days",
  title: "a variant's 15/30/60-day counts do not exceed its sales in A3",
  scenario: async (ctx) => {
    const d = await ctx.discover();
    // Each discovered A product's A3 history, newest first, read back past 61 days or to its end
    // (at most HISTORY_MAX_PAGES pages): a window of N days is judged where the history read
    // reaches back past N + 1 days, since every sale of that window is then in hand.
    let judged = 0;
    let judgedOn: Exchange | undefined;
    for (const p of d.a) {
      const sales: Record<string, any>[] = [];
      let complete = false;
      for (let page = 1; page <= HISTORY_MAX_PAGES; page++) {
        const items = page === 1 ? okItems(p.sales) : okItems(await ctx.call('listMarketAProductSales', { id_or_slug: String(p.id) }, { limit: 100, page }));
        if (!items) break;
        sales.push(...items);
        const [newest, last] = [sales[0]?.created_at, sales[sales.length - 1]?.created_at].map((t) => (typeof t === 'string' ? Date.parse(t) : NaN)) as [number, number];
        if (items.length === 0 || (page > 1 && items.length < 100)) complete = true;
        if (complete || last < newest - 61 * DAY_MS) break;
      }
      const times = sales.map((s) => (typeof s.created_at === 'string' ? Date.parse(s.created_at) : NaN));
      // Only a history listed newest first, with every time readable, bounds a window.
      if (sales.length === 0 || !times.every(Number.isFinite) || times.some((t, i) => i > 0 && t > (times[i - 1] as number))) continue;
      const newest = times[0] as number;
      // The end of A3's list is the end of its window (the description leaves it open: held-out's 14-day window), not of the history.
      const reach = newest - (times[times.length - 1] as number);
      for (const [i, v] of p.variants.entries()) {
        if (typeof v.id !== 'string') continue;
        for (const [member, days] of COUNT_WINDOWS) {
          const count: unknown = v[member];
          if (typeof count !== 'number' || reach <= (days + 1) * DAY_MS) continue;
          const since = newest - (days + 1) * DAY_MS;
          const held = sales.filter((s, j) => s.variant_id === v.id && (times[j] as number) >= since).length;
          judged++;
          judgedOn ??= p.sales;
          if (count > held) {
            const ex = await ctx.call('getMarketAProduct', { id_or_slug: String(p.id) }, { 'display[variants]': true });
            return [
              fail(
                `variant ${i} (${JSON.stringify(v.id)}) has ${member} ${count}, but A3 lists ${held} of its sales since ${new Date(since).toISOString().slice(0, 10)} (${days} days, and one more, before the newest sale of the product): the count takes in sales outside its window`,
                ex,
                `/data/variants/${i}/${member}`,
                count,
              ),
            ];
          }
        }
      }
    }
    if (judged === 0 || !judgedOn)
      return [
        skip(
          d.notes.a ?? (ctx.options.apiKey ? `no discovered marketplace A product has an A3 history, newest first, read back past 16 days in ${HISTORY_MAX_PAGES} pages` : 'needs --api-key (a paid key): A3 is a premium operation'),
          'getMarketAProduct',
        ),
      ];
    return [pass(`${judged} sales counts within the A3 sales of their windows`, judgedOn)];
  },
};
