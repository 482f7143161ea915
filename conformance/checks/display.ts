/**
 * The four `display` rules of A2 (§4.1 A2 rules 1–4, §2.3), checked by requesting every
 * combination of the three flags, and the entitlement of `display[identifiers]` (§5); and
 * the same rules with the flags in every order (`display-flag-combinations`).
 */
import { fail, isObject, okBody, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { Auth } from '../client.js';
import type { Exchange } from '../types.js';

const OP = 'getMarketAProduct';

/**
 * A refusal of a caller without the entitlement: 401, 402 or 403 (§5: "what happens to a caller
 * without the entitlement: not shown"; production answers 403, judged by `auth-required`).
 * Round 4 vendor probe: a 402 was a must-level "no usable answer".
 */
const refusal = (ex: Exchange): boolean => ex.status === 401 || ex.status === 402 || ex.status === 403;

/** One flag combination and its answer. */
interface Combo {
  variants: boolean;
  prices: boolean;
  identifiers: boolean;
  ex: Exchange;
}

/** The product whose flag combinations are asked: one with a hidden variant when one is known (rule 2 fills the prices of every returned variant, hidden ones too), else one with variants; why none, when none. */
async function comboProduct(ctx: CheckContext): Promise<{ id: string } | string> {
  const d = await ctx.discover();
  const product = d.a.find((p) => p.variants.some((v) => v.hidden === true)) ?? d.a.find((p) => p.variants.length > 0) ?? d.a[0];
  return product ?? d.notes.a ?? 'no marketplace A product found';
}

/** A2 of the first discovered product with each of the 8 flag combinations (requests cached). */
async function combos(ctx: CheckContext, auth: Auth = 'main'): Promise<Combo[] | string> {
  const product = await comboProduct(ctx);
  if (typeof product === 'string') return product;
  const out: Combo[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const variants = (mask & 1) !== 0;
    const prices = (mask & 2) !== 0;
    const identifiers = (mask & 4) !== 0;
    const query: Record<string, boolean> = {};
    if (variants) query['display[variants]'] = true;
    if (prices) query['display[prices]'] = true;
    if (identifiers) query['display[identifiers]'] = true;
    out.push({ variants, prices, identifiers, ex: await ctx.call(OP, { id_or_slug: product.id }, query, auth) });
  }
  return out;
}

const flags = (c: Combo): string =>
  ['variants', 'prices', 'identifiers']
    .filter((f) => c[f as keyof Combo])
    .map((f) => `display[${f}]`)
    .join('+') || 'no flags';

/** Runs `judge` on every combination `when` selects; a combination without a usable answer fails. */
async function eachCombo(ctx: CheckContext, when: (c: Combo) => boolean, judge: (c: Combo, data: Record<string, any>) => Verdict[]): Promise<Verdict[]> {
  const list = await combos(ctx);
  if (typeof list === 'string') return [skip(list, OP)];
  const out: Verdict[] = [];
  for (const c of list.filter(when)) {
    const body = okBody(c.ex);
    if (!body || typeof body.data !== 'object' || body.data === null) out.push(unusable(c.ex, `A2 with ${flags(c)}`));
    else out.push(...judge(c, body.data));
  }
  return out;
}

/** §2.3 Price.type: the delivery options, each of which a filled `prices` array gives (rule 2). */
const DELIVERY_OPTIONS = ['standard', 'express_standard', 'express_expedited'] as const;

/** Each variant's field `field` is filled (an array) when `filled`, else null; a filled `prices` has every delivery option. */
function variantField(c: Combo, data: Record<string, any>, field: 'prices' | 'identifiers', filled: boolean): Verdict[] {
  if (!Array.isArray(data.variants)) return [skip(`with ${flags(c)} the product has no variants array, so its ${field} cannot be judged (see a2-variants-flag)`, OP)];
  // Rule 2: each returned variant gains a *filled* prices array (its lowest ask and ask count per delivery option), so an empty one is not filled.
  // Rule 3 fills identifiers, but a variant may have none (one without a barcode): eachCombo's judge asks that some variant has one.
  const bad = data.variants.findIndex((v: Record<string, unknown>) => (filled ? !Array.isArray(v?.[field]) || (field === 'prices' && (v[field] as unknown[]).length === 0) : v?.[field] !== null));
  if (bad >= 0) {
    const got = data.variants[bad]?.[field];
    return [fail(`with ${flags(c)}, variant ${bad} has ${field} ${JSON.stringify(got)?.slice(0, 80)}; it must be ${filled ? 'a filled array' : 'null'}`, c.ex, `/data/variants/${bad}/${field}`, got)];
  }
  // Rule 2: "the lowest ask and the ask count per delivery option": every option of §2.3's Price.type, each variant (round 4
  // vendor probe 7, and probes 1 and 2 before it: prices holding the standard option alone were caught only by variant-asks-agree).
  if (field === 'prices' && filled) {
    for (let i = 0; i < data.variants.length; i++) {
      const types = new Set((data.variants[i]?.prices as unknown[]).map((p) => (isObject(p) ? p.type : undefined)));
      const missing = DELIVERY_OPTIONS.filter((t) => !types.has(t));
      if (missing.length > 0)
        return [
          fail(
            `with ${flags(c)}, variant ${i}'s prices have no ${missing.join(' or ')} entry; rule 2 gives the lowest ask and the ask count per delivery option (§2.3: ${DELIVERY_OPTIONS.join(', ')}), an option without asks as 0`,
            c.ex,
            `/data/variants/${i}/prices`,
            data.variants[i]?.prices,
          ),
        ];
    }
  }
  return [pass(`with ${flags(c)}, every variant's ${field} is ${filled ? (field === 'prices' ? 'a non-empty array' : 'an array') : 'null'}`, c.ex)];
}

/** Rule 1: `display[variants]=true` adds a `variants` array. */
export const a2VariantsFlag: Check = {
  id: 'a2-variants-flag',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A2 rule 1: with display[variants]=true the product gains a variants array',
  title: 'display[variants]=true adds variants',
  scenario: (ctx) =>
    eachCombo(
      ctx,
      (c) => c.variants,
      (c, data) => (Array.isArray(data.variants) ? [pass(`with ${flags(c)}: ${data.variants.length} variants`, c.ex)] : [fail(`with ${flags(c)} there is no variants array`, c.ex, '/data/variants', data.variants)]),
    ),
};

/** Rule 2: `display[prices]=true` fills `prices` of returned variants; without it they are null (§2.3). */
export const a2PricesFlag: Check = {
  id: 'a2-prices-flag',
  level: 'must',
  source: 'description',
  requirement: "§4.1 A2 rule 2, §2.3: display[prices]=true fills each returned variant's prices; otherwise prices is null",
  title: 'display[prices] fills prices, and only then',
  scenario: (ctx) =>
    eachCombo(
      ctx,
      (c) => c.variants,
      (c, data) => variantField(c, data, 'prices', c.prices),
    ),
};

/** Rule 3: `display[identifiers]=true` fills `identifiers` for an entitled caller; otherwise null (§2.3). */
export const a2IdentifiersFlag: Check = {
  id: 'a2-identifiers-flag',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A2 rule 3, §2.3: display[identifiers]=true fills identifiers for a paying caller; otherwise identifiers is null',
  title: 'display[identifiers] fills identifiers for the entitled key, and only then',
  scenario: (ctx) =>
    !ctx.options.apiKey
      ? Promise.resolve([skip('needs --api-key (a paid key): identifiers are filled only for a paying caller', OP)])
      : eachCombo(
          ctx,
          (c) => c.variants,
          (c, data) => {
            const out = variantField(c, data, 'identifiers', c.identifiers);
            if (c.identifiers && Array.isArray(data.variants) && data.variants.length > 0 && !data.variants.some((v: { identifiers?: unknown[] }) => Array.isArray(v.identifiers) && v.identifiers.length > 0)) {
              out.push(fail(`with ${flags(c)} no variant has any identifier: the arrays are there but none is filled`, c.ex, '/data/variants/0/identifiers', data.variants[0]?.identifiers));
            }
            return out;
          },
        ),
};

/** Rule 4: without `display[variants]=true` the product has no `variants` field. */
export const a2NoVariantsWithoutFlag: Check = {
  id: 'a2-no-variants-without-flag',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A2 rule 4, §2.2: without display[variants]=true (no flag, or display[variants]=false) the product carries no variants field',
  title: 'no variants field without display[variants]',
  scenario: async (ctx) => {
    const out = await eachCombo(
      ctx,
      (c) => !c.variants,
      (c, data) =>
        'variants' in data
          ? [fail(`with ${flags(c)} the product has a variants field`, c.ex, '/data/variants', Array.isArray(data.variants) ? `[${data.variants.length} variants]` : data.variants)]
          : [pass(`with ${flags(c)}: no variants field`, c.ex)],
    );
    // `display[variants]=false` is not `=true` (round 4 vendor probe 6: a server added variants for any value).
    const product = await comboProduct(ctx);
    if (typeof product === 'string') return out;
    const ex = await ctx.call(OP, { id_or_slug: product.id }, { 'display[variants]': false });
    const data = okBody(ex)?.data;
    if (ex.status === 400 || ex.status === 422) out.push(pass(`display[variants]=false refused with ${ex.status}`, ex));
    else if (!isObject(data)) out.push(unusable(ex, 'A2 with display[variants]=false'));
    else if ('variants' in data)
      out.push(fail('with display[variants]=false the product has a variants field: only display[variants]=true adds it', ex, '/data/variants', Array.isArray(data.variants) ? `[${data.variants.length} variants]` : data.variants));
    else out.push(pass('with display[variants]=false: no variants field', ex));
    return out;
  },
};

/**
 * A caller who is not entitled never gets identifiers (refused, or `identifiers` null or
 * empty), with every combination of the three display flags.
 */
export const identifiersNotEntitled: Check = {
  id: 'identifiers-not-entitled',
  level: 'must',
  source: 'description',
  requirement: '§2.3, §4.1 A2 rule 3, §5: identifiers are filled only for an entitled (paying) caller, whatever display flags are sent',
  title: 'no identifiers for a caller who is not entitled, with any flags',
  scenario: async (ctx) => {
    if (!ctx.options.freeKey) return [skip('needs --free-key (a key that is not entitled)', OP)];
    const list = await combos(ctx, 'free');
    if (typeof list === 'string') return [skip(list, OP)];
    if (list.every((c) => c.ex.status === 401)) return [skip('the server does not know the --free-key (401): check the key', OP)];
    const out: Verdict[] = [];
    for (const c of list) {
      if (refusal(c.ex)) {
        out.push(pass(`with ${flags(c)}: refused with ${c.ex.status}`, c.ex));
        continue;
      }
      const body = okBody(c.ex);
      if (!body) {
        out.push(unusable(c.ex, `A2 with ${flags(c)} and the free key`));
        continue;
      }
      const variants: Record<string, unknown>[] = Array.isArray(body.data?.variants) ? body.data.variants : [];
      const leak = variants.findIndex((v) => Array.isArray(v?.identifiers) && (v.identifiers as unknown[]).length > 0);
      out.push(
        leak >= 0
          ? fail(`with ${flags(c)}, identifiers are filled for a caller who is not entitled`, c.ex, `/data/variants/${leak}/identifiers`, variants[leak]?.identifiers)
          : pass(`with ${flags(c)}: no identifiers for the free key`, c.ex),
      );
    }
    return out;
  },
};

/** The three display flags of A2 (§4.1 A2), in the order the description lists them. */
export const DISPLAY_FLAGS = ['variants', 'prices', 'identifiers'] as const;
type Flag = (typeof DISPLAY_FLAGS)[number];

/** Every order of every combination of the three flags: 1 + 3 + 6 + 6 = 16 lists (the empty one first). */
export function flagOrders(flags: readonly Flag[] = DISPLAY_FLAGS): Flag[][] {
  const out: Flag[][] = [[]];
  const grow = (prefix: Flag[]): void => {
    for (const f of flags) {
      if (prefix.includes(f)) continue;
      const next = [...prefix, f];
      out.push(next);
      grow(next);
    }
  };
  grow([]);
  return out.sort((x, y) => x.length - y.length);
}

const orderText = (order: readonly Flag[]): string => (order.length === 0 ? 'no flags' : `${order.map((f) => `display[${f}]`).join('&')}${order.length > 1 ? ' (in this order)' : ''}`);

/**
 * The first of rules 1, 4, 2 and 3 (§4.1 A2) a product breaks for these flags, or undefined.
 * @param identifiersFilled whether identifiers are due (the flag and an entitled caller); false also accepts empty arrays when `lenient`.
 */
function ruleBroken(data: Record<string, any>, order: readonly Flag[], identifiersFilled: boolean, lenient: boolean): { rule: string; location: string; evidence: unknown } | undefined {
  const has = (f: Flag): boolean => order.includes(f);
  if (has('variants') && !Array.isArray(data.variants)) return { rule: 'rule 1: display[variants]=true adds a variants array, and there is none', location: '/data/variants', evidence: data.variants };
  if (!has('variants') && 'variants' in data)
    return { rule: 'rule 4: without display[variants] the product has no variants field, and it has one', location: '/data/variants', evidence: Array.isArray(data.variants) ? `[${data.variants.length} variants]` : data.variants };
  if (!Array.isArray(data.variants)) return undefined;
  for (const [i, v] of (data.variants as unknown[]).entries()) {
    const variant = isObject(v) ? v : {};
    if (has('prices') !== Array.isArray(variant.prices))
      return { rule: `rule 2: each variant's prices is ${has('prices') ? 'filled with display[prices]' : 'null without display[prices]'}`, location: `/data/variants/${i}/prices`, evidence: variant.prices };
    const ids = variant.identifiers;
    const ok = identifiersFilled ? Array.isArray(ids) : ids === null || (lenient && Array.isArray(ids) && ids.length === 0);
    if (!ok)
      return {
        rule: `rule 3: identifiers are ${identifiersFilled ? 'filled with display[identifiers] for an entitled caller' : 'not filled without display[identifiers] or for a caller who is not entitled'}`,
        location: `/data/variants/${i}/identifiers`,
        evidence: ids,
      };
  }
  return undefined;
}

/** Rules 1–4 hold for the three flags in every order and combination, for both tiers. */
export const displayFlagCombinations: Check = {
  id: 'display-flag-combinations',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A2 rules 1-4, §2.3, §5: the three display flags, sent as true in every order and combination, give a product that follows rules 1-4; a caller who is not entitled is refused or gets no identifiers',
  title: 'display flags in every order and combination',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const product = d.a.find((p) => p.variants.length > 0) ?? d.a[0];
    if (!product) return [skip(d.notes.a ?? 'no marketplace A product found', OP)];
    const out: Verdict[] = [];
    const ask = (order: readonly Flag[], auth: Auth): Promise<Exchange> => ctx.call(OP, { id_or_slug: product.id }, Object.fromEntries(order.map((f) => [`display[${f}]`, true])), auth);
    // Without a paid key, the combinations a free key is entitled to (variants, prices) are judged with it.
    const paid = Boolean(ctx.options.apiKey);
    if (!paid) out.push(skip('needs --api-key (a paid key): with it, the combinations with display[identifiers] are judged for an entitled caller', OP));
    if (paid || ctx.options.freeKey) {
      for (const order of flagOrders().filter((o) => paid || !o.includes('identifiers'))) {
        const ex = await ask(order, 'main');
        const body = okBody(ex);
        if (!body || !isObject(body.data)) {
          out.push(unusable(ex, `A2 with ${orderText(order)}`));
          continue;
        }
        const broken = ruleBroken(body.data, order, order.includes('identifiers'), false);
        out.push(broken ? fail(`with ${orderText(order)}: ${broken.rule}`, ex, broken.location, broken.evidence) : pass(`with ${orderText(order)}: rules 1-4 hold`, ex));
      }
    }
    if (!ctx.options.freeKey) out.push(skip('needs --free-key (a key that is not entitled): with it, every order of the combinations with display[identifiers] is judged for a caller who is not', OP));
    else {
      for (const order of flagOrders().filter((o) => o.includes('identifiers'))) {
        const ex = await ask(order, 'free');
        // §5 leaves how a caller without the entitlement is refused open ("not shown"): any 4xx refuses.
        if (refusal(ex)) {
          out.push(pass(`with ${orderText(order)} and the free key: refused with ${ex.status}`, ex));
          continue;
        }
        const body = okBody(ex);
        if (!body || !isObject(body.data)) {
          out.push(unusable(ex, `A2 with ${orderText(order)} and the free key`));
          continue;
        }
        const broken = ruleBroken(body.data, order, false, true);
        out.push(broken ? fail(`with ${orderText(order)} and the free key: ${broken.rule}`, ex, broken.location, broken.evidence) : pass(`with ${orderText(order)} and the free key: no identifiers, rules 1, 2 and 4 hold`, ex));
      }
    }
    return out;
  },
};
