/** Per-sale history: A3 rules 1–3 (§4.1), B3 rules 1–2 (§4.2), and what the samples show. */
import { fail, okBody, okItems, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { FoundA } from '../discovery.js';
import type { Exchange } from '../types.js';

type Sale = Record<string, any>;
const A3 = 'listMarketAProductSales';
const B3 = 'listMarketBProductSales';
const same = (x: Sale, y: Sale): boolean => x.variant_id === y.variant_id && x.created_at === y.created_at && x.amount === y.amount;

async function salesProductA(ctx: CheckContext): Promise<{ product: FoundA; sales: Sale[]; ex: Exchange } | Verdict> {
  const d = await ctx.discover();
  const product = d.aSales;
  if (!product?.sales) return skip(d.notes.a ?? 'no discovered marketplace A product has at least two sales', A3);
  const sales = okItems(product.sales);
  if (!sales) return unusable(product.sales, 'A3 of a discovered product');
  return { product, sales, ex: product.sales };
}

/** Rule 1: without variant_id, sales of all variants are returned. */
export const a3AllVariants: Check = {
  id: 'a3-all-variants',
  level: 'must',
  requirement: '§4.1 A3 rule 1: without variant_id, sales of all variants of the product are returned',
  title: "A3 without variant_id has every variant's sales",
  scenario: async (ctx) => {
    const got = await salesProductA(ctx);
    if ('outcome' in got) return [got];
    const { product, sales, ex } = got;
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

/** Rule 2: with variant_id, only that variant's sales, and that variant's sales are there. */
export const a3VariantFilter: Check = {
  id: 'a3-variant-filter',
  level: 'must',
  requirement: '§4.1 A3 rule 2: with variant_id, only sales of that variant are returned',
  title: "A3 with variant_id has that variant's sales only",
  scenario: async (ctx) => {
    const got = await salesProductA(ctx);
    if ('outcome' in got) return [got];
    const { product, sales } = got;
    const variantIds = [...new Set(sales.map((s) => String(s.variant_id)))].slice(0, 2);
    const out: Verdict[] = [];
    for (const v of variantIds) {
      const ex = await ctx.call(A3, { id_or_slug: product.id }, { variant_id: v, limit: 100 });
      const filtered = okItems(ex);
      if (!filtered) {
        out.push(unusable(ex, `A3 with variant_id=${v}`));
        continue;
      }
      const other = filtered.findIndex((s) => s.variant_id !== v);
      const newestOfV = sales.find((s) => s.variant_id === v) as Sale;
      if (other >= 0) out.push(fail(`asked for variant ${v}, got a sale of variant ${filtered[other]?.variant_id}`, ex, `/data/${other}/variant_id`, filtered[other]?.variant_id));
      else if (!filtered[0] || !same(filtered[0], newestOfV)) out.push(fail(`the newest sale of variant ${v} in the unfiltered list (${newestOfV.created_at}) is not the first of the filtered list`, ex, '/data/0', filtered[0] ?? null));
      else out.push(pass(`${filtered.length} sales, all of variant ${v}`, ex));
    }
    return out;
  },
};

/** Sales lists are newest first (A3 rule 3 shows it in samples; the contract decides it). */
export const salesNewestFirst: Check = {
  id: 'sales-newest-first',
  level: 'should',
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
      const sizes = new Set(Array.isArray(p.doc.sizes) ? p.doc.sizes.map((s: { presentation?: unknown }) => s.presentation) : []);
      const bad = sales.findIndex((s) => s.product_id !== p.id || (sizes.size > 0 && !sizes.has(s.size_us)));
      out.push(bad < 0 ? pass(`${sales.length} sales of ${p.id}`, p.sales) : fail(`sale ${bad} is not of product ${p.id} or not in one of its sizes`, p.sales, `/data/${bad}`, sales[bad]));
    }
    return out.length > 0 ? out : [skip(d.notes.a ?? d.notes.b ?? 'no sales found', A3)];
  },
};

const TYPES = ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'];

/** Rule 2 of §4.2: each B3 record's `type` is one of the two values of §2.8. */
export const b3SaleType: Check = {
  id: 'b3-sale-type',
  level: 'must',
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

/** Rule 1 of §4.2: B3 takes the numeric id; a slug is refused (decision: 422). */
export const b3NumericId: Check = {
  id: 'b3-numeric-id',
  level: 'should',
  requirement: '§4.2 rule 1: B3 takes the numeric product ID (decision: a slug is a 422)',
  title: 'B3 refuses a slug',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const p = d.b.find((x) => x.slug && !/^\d+$/.test(x.slug));
    if (!p) return [skip(d.notes.b ?? 'no marketplace B product with a slug', B3)];
    const ex = await ctx.call(B3, { id: p.slug });
    if (ex.status === 422) return [pass('a slug is a 422', ex)];
    if (ex.status !== undefined && ex.status >= 400 && ex.status < 500) return [pass(`a slug is refused with ${ex.status} (422 is the contract's choice)`, ex)];
    return [fail(`B3 accepted a slug as its id (answered ${ex.status ?? ex.error}); it takes the numeric id only`, ex)];
  },
};

/** B3 pages: `meta` echoes page and per_page, and page 2 continues page 1. */
export const b3Pagination: Check = {
  id: 'b3-pagination',
  level: 'should',
  requirement: '§2.1 B3 meta {page, per_page}; decision: page and limit select the page',
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
