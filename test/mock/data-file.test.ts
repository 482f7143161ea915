/**
 * Products you define (issue 24, `--data`): the example file (examples/data/products.yaml)
 * merges into the default world and replaces one of its products; every one of the eight
 * operations answers a schema-valid, consistent document for a defined product; a bad file is
 * refused whole with the file, the entry, the JSON Pointer and what to do; the same seed, clock,
 * size and file give the same bytes; the shipped JSON Schema is the one the mock checks with.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { createMockServer, DataFileError, productsFileSchema, type MockServer } from '../../mocks/index.js';
import { createMswHandlers } from '../../mocks/msw.js';
import { call, NOW } from '../helpers/mock.js';
import { allOperations, expectConsistent } from '../helpers/consistency.js';
import { runCli } from '../helpers/cli.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/data/products.yaml', import.meta.url));
const SCHEMA_FILE = fileURLToPath(new URL('../../mocks/data/products-file.schema.json', import.meta.url));
/** The example's replace entry names a product of the default world (seed resale-kit, 10,000 products). */
const DEFAULT_WORLD = { seed: 'resale-kit', products: 10_000, now: NOW, responseCache: 0 };
const REPLACED = { a: '01970679-2c70-7115-8d04-44073e61b18e', slug: 'nike-air-max-1-black-pink-ha6166-001', b: 102994 };

const plain = createMockServer(DEFAULT_WORLD);
const m = createMockServer({ ...DEFAULT_WORLD, data: EXAMPLE });
const get = (server: MockServer, url: string): any => {
  const res = call(server, url);
  expect(res.status, url).toBe(200);
  return res.body;
};
const searchA = (server: MockServer, q: string): any[] => get(server, `/v3/market_a/products?query=${encodeURIComponent(q)}&limit=100`).data;
const searchB = (server: MockServer, q: string): any[] => get(server, `/v3/market_b/products?query=${encodeURIComponent(q)}&limit=100`).data;

describe('--data: products you define (issue 24)', () => {
  it('adds a product on both marketplaces: search finds it by title, brand and SKU; given sales and asks are used as given and aggregates follow', () => {
    const byTitle = searchA(m, 'air max 1 86 big bubble');
    expect(byTitle[0].title).toBe("Nike Air Max 1 '86 OG Big Bubble Sport Red");
    expect(searchA(m, 'dq3989100')[0].slug).toBe('nike-air-max-1-86-big-bubble-sport-red');
    expect(searchA(m, 'nike big bubble').map((p) => p.sku)).toContain('DQ3989-100');
    const b = searchB(m, 'DQ3989 100')[0];
    expect(b.name).toBe("Nike Air Max 1 '86 'Big Bubble Sport Red'");
    expect(b.sku).toBe('DQ3989 100');
    const ops = allOperations(get, m, 'nike-air-max-1-86-big-bubble-sport-red', b.id);
    expectConsistent(ops);
    const a = ops.A2.data;
    expect(a.brand).toBe('Nike');
    expect(a.short_description).toBe('The 1986 shape with the bigger Air bubble.');
    expect(a.variants.map((v: any) => v.size)).toEqual(['8', '9', '9.5', '10', '11', '12']);
    expect(a.variants[3].sizes.find((s: any) => s.type === 'uk').size).toBe('UK 9'); // Nike's chart
    expect(ops.A3.data.map((s: any) => [s.amount, s.created_at])).toEqual([
      [171, '2026-01-10T02:12:45Z'],
      [176, '2026-01-02T21:30:00Z'],
      [182, '2025-12-20T18:04:11Z'],
    ]);
    expect(ops.A3.data.map((s: any) => a.variants.find((v: any) => v.id === s.variant_id).size)).toEqual(['10', '10', '9.5']);
    expect(ops.A4.data.map((d: any) => d.orders)).toEqual([1, 1, 1]);
    expect(ops.B2.data.variants.map((v: any) => v.lowest_ask)).toEqual([0, 0, 189, 179, 0, 0]);
    expect(ops.B2.data.release_date).toBe('2025-03-26T00:00:00Z');
    expect(a.upcoming).toBe(false);
    // Its drawn images show its own brand and title.
    const svg = m.core.respond({ method: 'GET', url: new URL(a.image).pathname, headers: {} });
    expect(svg.status).toBe(200);
    expect(svg.body).toContain('Big Bubble Sport Red');
  });

  it('adds a product on one marketplace only, with a brand the world does not know', () => {
    const a = searchA(m, 'atelier nord')[0];
    expect(a).toMatchObject({ id: '018f6a2e-4b1c-7d3e-9a10-3f2b4c5d6e7f', brand: 'Atelier Nord', country_of_manufacture: 'PT', image: 'https://cdn.example/atelier-nord/trail-runner-glacier.png' });
    expect(a.gallery).toEqual(['https://cdn.example/atelier-nord/trail-runner-glacier.png']);
    expect(searchB(m, 'atelier nord').some((p) => p.name.includes('Atelier'))).toBe(false);
    expectConsistent(allOperations(get, m, a.id, undefined));
    const b = get(m, '/v3/market_b/products/990001').data;
    expect(b).toMatchObject({ name: "adidas Samba OG 'Sunrise Orange'", sku: 'JQ4100', colorway: 'Sunrise Orange/Cloud White/Gum', brand: 'adidas' });
    expect(Date.parse(b.release_date)).toBeGreaterThan(NOW);
    const ops = allOperations(get, m, undefined, 990001);
    expectConsistent(ops);
    expect(ops.B3.data).toEqual([]);
    expect(searchA(m, 'JQ4100').some((p) => p.sku === 'JQ4100')).toBe(false);
  });

  it('replaces a product of the world: same ids on both marketplaces, the given fields, prices and sales following the new retail price', () => {
    const before = allOperations(get, plain, REPLACED.a, REPLACED.b);
    const after = allOperations(get, m, REPLACED.a, REPLACED.b);
    expectConsistent(after);
    expect(after.A2.data.id).toBe(REPLACED.a);
    expect(after.A2.data.title).toBe("Nike Air Max 1 'White Navy' (Sample)");
    expect(after.B2.data.name).toBe("Nike Air Max 1 'White Navy' (Sample)");
    expect(after.B2.data.id).toBe(REPLACED.b);
    expect(after.A2.data.sku).toBe(before.A2.data.sku);
    const ten = after.A2.data.variants.find((v: any) => v.size === '10');
    expect(ten).toMatchObject({ lowest_ask: 240, total_asks: 4 });
    expect(after.A2.data.variants.filter((v: any) => v.size !== '10').every((v: any) => v.total_asks === 0)).toBe(true);
    expect(after.A2.data.min_price).toBe(240);
    // Retail 200 instead of the line's 150: B's asks and both marketplaces' sales move up with it.
    const mean = (xs: number[]): number => xs.reduce((x, y) => x + y, 0) / xs.length;
    expect(mean(after.B3.data.map((s: any) => s.amount))).toBeGreaterThan(1.2 * mean(before.B3.data.map((s: any) => s.amount)));
    // The old title is gone from search; the new one is found; the old slug no longer names it, the new one does.
    expect(searchA(m, "Nike Air Max 1 'White Navy' (Sample)")[0].id).toBe(REPLACED.a);
    expect(call(m, `/v3/market_a/products/${REPLACED.slug}`).status).toBe(404);
    expect(get(m, `/v3/market_a/products/${after.A2.data.slug}`).data.id).toBe(REPLACED.a);
  });

  it('leaves every other product as it was (same bytes) apart from rank', () => {
    const other = searchA(plain, 'samba')[3].id as string;
    const strip = (b: any): any => ({ ...b, data: { ...b.data, rank: 0 } });
    expect(strip(get(m, `/v3/market_a/products/${other}?display[variants]=true`))).toEqual(strip(get(plain, `/v3/market_a/products/${other}?display[variants]=true`)));
    expect(get(m, `/v3/market_a/products/${other}/sales`)).toEqual(get(plain, `/v3/market_a/products/${other}/sales`));
  });

  it('same seed, clock, size and file give byte-identical answers', () => {
    const again = createMockServer({ ...DEFAULT_WORLD, data: { name: 'products.yaml', text: readFileSync(EXAMPLE, 'utf8') } });
    const urls = [
      '/v3/market_a/products?query=nike&limit=50',
      '/v3/market_a/products/nike-air-max-1-86-big-bubble-sport-red?display[variants]=true&display[prices]=true',
      '/v3/market_b/products/110000',
      '/v3/market_b/products/110000/sales',
      `/v3/market_a/products/${REPLACED.a}/sales/daily`,
      '/v3/market_a/products?query=atelier',
    ];
    for (const url of urls) expect(call(again, url).text, url).toBe(call(m, url).text);
  });

  it('MSW handlers take the same file and answer the same bytes', async () => {
    const { handlers } = createMswHandlers('http://api.test', { ...DEFAULT_WORLD, data: { name: 'products.yaml', text: readFileSync(EXAMPLE, 'utf8') } });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch('http://api.test/v3/market_b/products/990001', { headers: { authorization: 'demo-free' } });
      expect(await res.text()).toBe(call(m, '/v3/market_b/products/990001', 'demo-free').text.replaceAll('http://127.0.0.1:4010', 'http://api.test'));
    } finally {
      server.close();
    }
  });

  it('random files: any subset of fields on either or both marketplaces gives schema-valid, consistent answers on all eight operations', () => {
    // A seeded generator of entries (a data file a user might write), checked product by product;
    // RESALE_KIT_DATA_SEED=N draws another file.
    let state = Number(process.env.RESALE_KIT_DATA_SEED ?? 7);
    const rnd = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const maybe = (share = 0.5): boolean => rnd() < share;
    const day = 86_400_000;
    const entries: Record<string, unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      const e: Record<string, any> = {};
      const upcoming = maybe(0.2);
      if (maybe(0.7)) e.title = `Test Product ${i} ${pick(['Runner', 'Court', 'Hoodie', 'Figure'])}`;
      if (maybe()) e.brand = pick(['Nike', 'adidas', 'New Balance', 'Supreme', 'Acme Labs']);
      if (maybe()) e.sku = `QZ${String(1000 + i)}-${String(100 + i)}`;
      const sizes = maybe(0.6) ? pick([['7', '8', '9', '10', '11'], ['M', 'L'], ['OS'], ['9.5', '10', '42']]) : undefined;
      if (sizes) e.sizes = sizes;
      if (maybe()) e.retail_price = pick([60, 149.99, 480]);
      if (upcoming) {
        e.upcoming = true;
        if (maybe()) e.release_date = '2026-03-01';
      } else if (maybe()) e.release_date = pick(['2025-03-01', '2024-11-20']);
      if (maybe()) e.gender = pick(['men', 'women', 'unisex', 'infant']);
      if (maybe(0.3)) e.images = ['https://cdn.example/p.png', 'https://cdn.example/q.png'];
      const where = pick([['market_a'], ['market_b'], ['market_a', 'market_b'], []]);
      for (const segment of where) {
        const block: Record<string, any> = {};
        if (segment === 'market_a' && maybe()) block.short_description = 'Given.';
        if (segment === 'market_a' && maybe()) block.country_of_manufacture = 'IT';
        if (segment === 'market_b' && maybe()) block.season = ' 2025';
        if (segment === 'market_b' && maybe()) block.colorway = 'Red/Blue';
        if (sizes && !upcoming && e.release_date !== undefined && maybe(0.7)) {
          block.sales = Array.from({ length: 1 + Math.floor(rnd() * 6) }, (_, j) => ({ size: pick(sizes), amount: 50 + j * 7, at: new Date(NOW - (1 + Math.floor(rnd() * 200)) * day + j * 1000).toISOString().replace('.000Z', 'Z') }));
        }
        if (sizes && maybe()) {
          block.asks = segment === 'market_a' ? [{ size: sizes[0], prices: [{ type: 'standard', price: 120, asks: 2 }, ...(maybe() ? [{ type: 'express_expedited', price: 150, asks: 1 }] : [])] }] : [{ size: sizes[0], lowest_ask: 131 }];
        }
        e[segment] = block;
      }
      entries.push(e);
    }
    const server = createMockServer({ seed: 'random-files', now: NOW, products: 300, responseCache: 0, data: { name: 'random.yaml', value: { products: entries } } });
    const again = createMockServer({ seed: 'random-files', now: NOW, products: 300, responseCache: 0, data: { name: 'random.yaml', value: { products: entries } } });
    const w = server.core.world;
    let checked = 0;
    entries.forEach((_, i) => {
      const key = w.definedKey(i);
      const pa = w.a.productOfKey(key);
      const pb = w.b.productOfKey(key);
      const ops = allOperations(get, server, pa === undefined ? undefined : w.a.uuidOf(pa), pb === undefined ? undefined : w.b.idOf(pb));
      expectConsistent(ops);
      const e = entries[i] as Record<string, any>;
      if (ops.A2 && e.sizes) expect(ops.A2.data.variants.map((v: any) => v.size)).toEqual(e.sizes);
      // B writes a size its own way (women's `7W`): the same sizes, in the same order.
      if (ops.B2 && e.sizes) expect(ops.B2.data.sizes.map((z: any, k: number) => z.presentation.startsWith(e.sizes[k]))).toEqual(e.sizes.map(() => true));
      if (ops.A2 && e.title) expect(ops.A2.data.title).toBe(e.title);
      if (ops.A2 && e.upcoming) expect(ops.A2.data.upcoming).toBe(true);
      if (ops.A3 && e.market_a?.sales) expect(ops.A3.data).toHaveLength(e.market_a.sales.length);
      if (ops.B3 && e.market_b?.sales) expect(ops.B3.data).toHaveLength(e.market_b.sales.length);
      if (e.title && ops.A2) expect(w.searchA(e.title)[0]).toBe(pa);
      const url = pa === undefined ? `/v3/market_b/products/${w.b.idOf(pb as number)}` : `/v3/market_a/products/${w.a.uuidOf(pa)}?display[variants]=true`;
      expect(call(again, url).text).toBe(call(server, url).text);
      checked++;
    });
    expect(checked).toBe(entries.length);
  });

  describe('a bad file is refused whole, with the file, the entry, the JSON Pointer and what to do', () => {
    const refuse = (yaml: string): DataFileError => {
      try {
        createMockServer({ seed: 'resale-kit', products: 10_000, now: NOW, data: { name: 'bad.yaml', text: yaml } });
      } catch (err) {
        expect(err).toBeInstanceOf(DataFileError);
        return err as DataFileError;
      }
      throw new Error('the file was accepted');
    };

    it('YAML syntax', () => {
      const e = refuse('products:\n  - title: [unclosed\n');
      expect(e.message).toMatch(/^--data bad\.yaml: 1 problem, nothing loaded/);
      expect(e.message).toMatch(/at line \d+, column \d+: not valid YAML or JSON; fix the syntax there/);
    });

    it('fields against the contract schemas, computed fields, unknown fields, every problem at once', () => {
      const e = refuse(['products:', '  - title: Broken', '    market_a:', '      country_of_manufacture: Portugal', '      rank: 1', '      min_price: 10', '  - title: Other', '    colour: red', '  - market_b: { id: "12" }'].join('\n'));
      expect(e.issues.map((i) => [i.entry, i.pointer])).toEqual([
        [0, '/products/0/market_a/country_of_manufacture'],
        [0, '/products/0/market_a/country_of_manufacture'],
        [0, '/products/0/market_a/min_price'],
        [0, '/products/0/market_a/rank'],
        [1, '/products/1/colour'],
        [2, '/products/2/market_b/id'],
      ]);
      expect(e.message).toContain('entry 1 ("Broken"), /products/0/market_a/country_of_manufacture: must match pattern "^[A-Z]{2}$"; give a value the contract allows here');
      expect(e.message).toContain('rank is computed from sales');
      expect(e.message).toContain('min_price is computed from the asks: give market_a.asks instead');
      expect(e.message).toContain('colour is not a field here');
      expect(e.message).toContain('/products/2/market_b/id: must be integer');
    });

    it('a timestamp with an offset other than UTC is refused: the mock serves UTC, as production does', () => {
      const e = refuse(['products:', '  - title: Odd', '    market_b:', '      updated_at: "2026-01-14T09:00:00+01:00"'].join('\n'));
      expect(e.message).toContain('/products/0/market_b/updated_at: "2026-01-14T09:00:00+01:00" has an offset other than UTC');
    });

    // Outside attacker, round 4: member names were looked up on a plain object (`constructor` printed `function Object() { [native code] }`).
    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('a member named %s is an unknown field, not an object property', (name) => {
      const e = refuse(['products:', '  - title: Odd', '    market_a:', `      ${JSON.stringify(name)}: 1`, '    market_b:', `      ${JSON.stringify(name)}: 2`].join('\n'));
      expect(e.message).toContain(`${name} is not a field here`);
      expect(e.message).not.toMatch(/native code|\[object Object\]/);
    });

    // Newcomer probe (round 4): docs/mock.md shows both problems of this file; only the first was listed.
    it("lists a schema problem of one entry and a world's-rule problem of another at once (docs/mock.md's example)", () => {
      const e = refuse(
        ['products:', '  - title: Broken', '    market_a: { rank: 3 }', '  - sizes: ["9", "10"]', '    release_date: "2025-06-01"', '    market_a:', '      sales: [{ size: "13", amount: 100, at: "2025-07-01T00:00:00Z" }]'].join('\n'),
      );
      const doc = readFileSync(new URL('../../docs/mock.md', import.meta.url), 'utf8');
      const shown = /error: --data bad\.yaml: 2 problems, nothing loaded:\n((?: {2}entry .*\n){2})/.exec(doc)?.[1]?.trimEnd().split('\n') ?? [];
      expect(shown).toHaveLength(2);
      expect(e.message.split('\n').slice(1)).toEqual(shown);
      expect(e.issues.map((i) => i.entry)).toEqual([0, 1]);
    });

    it("the world's rules: sizes, sales in the history window and after release, upcoming without sales, ids, slugs and SKUs of other products, replace targets", () => {
      const e = refuse(
        [
          'products:',
          '  - sizes: ["9", "10"]',
          '    release_date: "2025-06-01"',
          '    market_a:',
          '      sales:',
          '        - { size: "13", amount: 100, at: "2025-07-01T00:00:00Z" }',
          '        - { size: "9", amount: 100, at: "2026-02-01T00:00:00Z" }',
          '        - { size: "9", amount: 100, at: "2025-05-01T00:00:00Z" }',
          '      asks: [{ size: "11", prices: [] }]',
          '  - upcoming: true',
          '    market_b: { sales: [{ size: "9", amount: 1, at: "2026-01-01T00:00:00Z" }] }',
          '    sizes: ["9"]',
          `  - sku: "${plain.core.world.a.product(5).sku}"`,
          `    market_a: { slug: ${plain.core.world.a.slugOf(6)} }`,
          '  - { title: Twin, sku: AB1234-001 }',
          '  - { title: Twin2, sku: ab1234 001 }',
          '  - replace: { market_b: no-such-product }',
          '  - market_a: { created_at: "2030-01-01T00:00:00Z", id: 018F6A2E-4B1C-7D3E-9A10-3F2B4C5D6E70 }',
        ].join('\n'),
      );
      const at = (pointer: string): string => e.issues.find((i) => i.pointer === pointer)?.message ?? `nothing at ${pointer}: ${e.message}`;
      expect(at('/products/0/market_a/sales/0/size')).toMatch(/size "13" is not one of the product's sizes \(9, 10\): use one of them, or list it in sizes/);
      expect(at('/products/0/market_a/sales/1/at')).toMatch(/not before the clock/);
      expect(at('/products/0/market_a/sales/2/at')).toMatch(/before the product's release \(2025-06-01\)/);
      expect(at('/products/0/market_a/asks/0/size')).toMatch(/size "11"/);
      expect(at('/products/1/market_b/sales')).toMatch(/an upcoming product has no sales yet/);
      expect(at('/products/2/sku')).toMatch(/an existing product already has the style code/);
      expect(at('/products/2/market_a/slug')).toMatch(/an existing product already has the market_a slug/);
      expect(at('/products/4/sku')).toMatch(/entry 4 has the same style code/);
      expect(at('/products/5/replace/market_b')).toMatch(/no product of market_b has the id or slug "no-such-product"/);
      expect(at('/products/6/market_a/created_at')).toMatch(/created_at is after the clock/);
    });

    it('the CLI prints the problems and exits 2 without listening', async () => {
      const out = await runCli(['mock', '--port', '0', '--products', '300', '--data', fileURLToPath(new URL('../../package.json', import.meta.url))]);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/--data .*package\.json: \d+ problems?, nothing loaded/);
      expect(out.stdout).not.toMatch(/listening/);
      const missing = await runCli(['mock', '--port', '0', '--data', '/nonexistent/products.yaml']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/cannot read the file \(ENOENT\)/);
    });
  });

  it('the shipped JSON Schema is the one the mock checks with, and the example file passes it', async () => {
    const validator = new ContractValidator();
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(productsFileSchema(validator));
    const { parse } = await import('yaml');
    expect(validator.validateDocument(productsFileSchema(validator), parse(readFileSync(EXAMPLE, 'utf8')))).toEqual([]);
  });
});
