/**
 * The data file (`--data`) is the mock's input (issue 29 item 4, findings 3 and 4 of
 * test/outside/attack-findings.md): every member it can set passes the rule the operations
 * apply to it before the server starts. The rules are enumerated in docs/threat-model.md ("The
 * data file (class D)", D1-D24); this table has a file breaking each one, refused with the file,
 * the entry and the JSON Pointer, exit 2 on the command line and never a stack trace. A rule of
 * the document without a case here turns this test red.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_ASK_COUNT, MAX_DEPTH, MAX_LIST_ITEMS, MAX_MONEY_USD, MAX_SALES, MAX_SIZE_LABEL, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH } from '../../mocks/data/products-file.js';
import { createMockServer, DataFileError } from '../../mocks/index.js';
import { runCli } from '../helpers/cli.js';

const NOW = Date.UTC(2026, 10, 20);
const SEED = 'rules';
const WORLD = { seed: SEED, products: 50, now: NOW };
const CLI_WORLD = ['--seed', SEED, '--products', '50', '--now', '2026-11-20T00:00:00Z'];
const DOC = readFileSync(fileURLToPath(new URL('../../docs/threat-model.md', import.meta.url)), 'utf8');
const MOCK_DOC = readFileSync(fileURLToPath(new URL('../../docs/mock.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');

/** A valid entry (sizes 9 and 10, released 2025-01-10), changed by `extra`. */
const entry = (extra: Record<string, unknown> = {}) => ({ title: 'Invented Runner Fog Grey', brand: 'Nike', sku: 'ZZ9999-001', sizes: ['9', '10'], release_date: '2025-01-10', ...extra });
const file = (...entries: Record<string, unknown>[]) => ({ products: entries });
const sale = (extra: Record<string, unknown> = {}) => ({ size: '9', amount: 120, at: '2026-03-01T10:00:00Z', ...extra });

const world = createMockServer(WORLD).core.world;
const A0 = { id: world.a.uuidOf(0), slug: world.a.slugOf(0) };
/** The id the world draws for the one product a file adds on marketplace B (no id given). */
const derivedB = (() => {
  const w = createMockServer({ ...WORLD, data: { name: 'one.json', value: file(entry()) } }).core.world;
  return w.b.idOf(w.b.productOfKey(w.definedKey(0)) as number);
})();
const nested = (levels: number): unknown => (levels === 0 ? [] : [nested(levels - 1)]);

/** [rule, case, the file (a value written as JSON, or the bytes as given), the JSON Pointer the refusal names]. */
const CASES: [string, string, unknown, string][] = [
  ['D1', 'bytes that are not UTF-8', Buffer.concat([Buffer.from('products:\n  - title: "Bad '), Buffer.from([0xff, 0xfe]), Buffer.from('"\n')]), ''],
  ['D2', 'a control character in a title', file(entry({ title: 'Runner \u0001 Grey' })), '/products/0/title'],
  ['D2', 'a lone surrogate in a description', Buffer.from('{"products":[{"title":"Runner","market_a":{"description":"half \\ud800 pair"}}]}'), '/products/0/market_a/description'],
  ['D3', 'retail_prices nested 40 levels', file(entry({ market_b: { retail_prices: nested(40) } })), `/products/0/market_b/retail_prices${'/0'.repeat(28)}`],
  ['D3', 'a file nested 5,000 levels (deeper than the YAML reader goes)', Buffer.from(`products: ${'['.repeat(5000)}${']'.repeat(5000)}\n`), ''],
  ['D4', 'a description of 10,001 characters', file(entry({ market_a: { description: 'x'.repeat(10_001) } })), '/products/0/market_a/description'],
  ['D5', 'a title of 151 characters', file(entry({ title: 'T'.repeat(151) })), '/products/0/title'],
  ['D5', 'a market_b name of 151 characters', file(entry({ market_b: { name: 'N'.repeat(151) } })), '/products/0/market_b/name'],
  ['D6', '100,001 entries', { products: Array.from({ length: 100_001 }, () => ({})) }, '/products'],
  ['D7', 'a gender the schema does not list', file(entry({ gender: 'robot' })), '/products/0/gender'],
  ['D8', 'month 13', file(entry({ release_date: '2026-13-45' })), '/products/0/release_date'],
  ['D9', 'replace names no product', file({ replace: { market_b: 'no-such-product' } }), '/products/0/replace/market_b'],
  ['D10', 'one product replaced twice (by its id, then its slug)', file({ replace: { market_a: A0.id }, title: 'First' }, { replace: { market_a: A0.slug }, title: 'Second' }), '/products/1/replace/market_a'],
  ['D11', 'a market_a id as a URN', file(entry({ market_a: { id: 'urn:uuid:018f6a2e-4b1c-7d3e-9a10-3f2b4c5d6e7f' } })), '/products/0/market_a/id'],
  ['D12', 'a market_b id of -5', file(entry({ market_b: { id: -5 } })), '/products/0/market_b/id'],
  ['D12', 'a market_b id of 9007199254740993 (not exact as a double)', Buffer.from('products:\n  - title: Test Three\n    market_b: { id: 9007199254740993 }\n'), '/products/0/market_b/id'],
  ['D13', 'a market_a slug with a slash', file(entry({ market_a: { slug: 'a/b' } })), '/products/0/market_a/slug'],
  ['D14', 'a market_b slug of digits (read as an id)', file(entry({ market_b: { slug: '12345' } })), '/products/0/market_b/slug'],
  ['D14', 'a market_a slug in UUID form (read as an id)', file(entry({ market_a: { slug: '018f6a2e-4b1c-7d3e-9a10-3f2b4c5d6e7f' } })), '/products/0/market_a/slug'],
  ['D15', 'two entries with the same market_b slug', file(entry({ market_b: { slug: 'twin' } }), entry({ sku: 'ZZ9999-002', market_b: { slug: 'twin' } })), '/products/1/market_b/slug'],
  ['D16', "a market_b id the world draws for another entry's product", file(entry(), entry({ sku: 'ZZ9999-002', market_b: { id: derivedB } })), '/products/1/market_b/id'],
  ['D17', 'sku and market_a.sku naming different codes', file(entry({ market_a: { sku: 'QQ1111-001' } })), '/products/0/market_a/sku'],
  ['D17', 'a market_b sku that is not a style code', file(entry({ sku: undefined, market_b: { sku: 'ZZ/9999' } })), '/products/0/market_b/sku'],
  ['D18', 'a size label of 21 characters', file(entry({ sizes: ['9', 'S'.repeat(21)] })), '/products/0/sizes/1'],
  ['D19', 'retail_price 1e308 (finding 3)', file(entry({ retail_price: 1e308 })), '/products/0/retail_price'],
  ['D19', 'sale amounts of 1e308 (their sum is Infinity)', file(entry({ market_a: { sales: [sale({ amount: 1e308 }), sale({ amount: 1e308, at: '2026-03-01T11:00:00Z' })] } })), '/products/0/market_a/sales/0/amount'],
  ['D19', 'a lowest_ask of .nan (YAML)', Buffer.from('products:\n  - title: Nan Runner\n    sizes: ["9"]\n    market_b: { asks: [{ size: "9", lowest_ask: .nan }] }\n'), '/products/0/market_b/asks/0/lowest_ask'],
  ['D20', 'a price of 0 with 2 asks', file(entry({ market_a: { asks: [{ size: '9', prices: [{ type: 'standard', price: 0, asks: 2 }] }] } })), '/products/0/market_a/asks/0/prices/0/price'],
  ['D20', 'an ask count of 1e308', file(entry({ market_a: { asks: [{ size: '9', prices: [{ type: 'standard', price: 100, asks: 1e308 }] }] } })), '/products/0/market_a/asks/0/prices/0/asks'],
  ['D21', '10,001 sales', file(entry({ market_b: { sales: Array.from({ length: 10_001 }, () => sale()) } })), '/products/0/market_b/sales'],
  ['D21', 'a gallery of 101 images', file(entry({ market_a: { gallery: Array.from({ length: 101 }, (_, i) => `https://cdn.example/${i}.png`) } })), '/products/0/market_a/gallery'],
  ['D22', 'a sale of a size the product does not have', file(entry({ market_a: { sales: [sale({ size: '13' })] } })), '/products/0/market_a/sales/0/size'],
  [
    'D23',
    'one size listed twice in asks',
    file(
      entry({
        market_b: {
          asks: [
            { size: '9', lowest_ask: 100 },
            { size: '9', lowest_ask: 90 },
          ],
        },
      }),
    ),
    '/products/0/market_b/asks/1/size',
  ],
  ['D24', 'upcoming with a release in the past', file(entry({ upcoming: true })), '/products/0/upcoming'],
];

const dir = mkdtempSync(join(tmpdir(), 'data-rules-'));
const written = CASES.map(([rule, , content], k) => {
  const path = join(dir, `${rule}-${k}.${Buffer.isBuffer(content) ? 'yaml' : 'json'}`);
  writeFileSync(path, Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return path;
});

describe('every member of the data file passes the operations’ rules at start (docs/threat-model.md D1-D24)', () => {
  it('every rule of the document has a case, and every case a rule of the document', () => {
    const rules = [...DOC.matchAll(/^\| (D\d+) \|/gm)].map((m) => m[1]);
    expect(rules).toEqual(Array.from({ length: 24 }, (_, i) => `D${i + 1}`));
    expect([...new Set(CASES.map((c) => c[0]))]).toEqual(rules);
  });

  it('the bounds the documents give are the ones enforced', () => {
    const n = (x: number): string => x.toLocaleString('en-US');
    const table = DOC.replace(/\s+/g, ' ');
    for (const figure of [
      `nested at most ${MAX_DEPTH} levels`,
      `at most ${n(MAX_TEXT_LENGTH)} characters`,
      `at most ${MAX_TITLE_LENGTH} characters`,
      `each 1-${MAX_SIZE_LABEL} characters`,
      `to ${n(MAX_MONEY_USD)} USD`,
      `from 0 to ${n(MAX_ASK_COUNT)}`,
      `at most ${n(MAX_SALES)} sales`,
      `${MAX_LIST_ITEMS} items`,
    ])
      expect(table).toContain(figure);
    for (const figure of [
      `at most ${n(MAX_TEXT_LENGTH)} characters (titles ${MAX_TITLE_LENGTH}, size labels ${MAX_SIZE_LABEL})`,
      `at most ${n(MAX_MONEY_USD)} USD`,
      `ask count at most ${n(MAX_ASK_COUNT)}`,
      `at most ${n(MAX_SALES)} sales`,
      `${MAX_LIST_ITEMS} items in other lists`,
    ])
      expect(MOCK_DOC).toContain(figure);
  });

  it.each(CASES.map((c, k) => [...c, k] as const))('%s, %s: refused with the entry and the JSON Pointer', (_rule, _name, _content, pointer, k) => {
    let err: unknown;
    try {
      createMockServer({ ...WORLD, data: written[k] as string });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    const issues = (err as DataFileError).issues;
    expect(
      issues.map((i) => i.pointer),
      (err as Error).message,
    ).toContain(pointer);
    const entry = /^\/products\/(\d+)\//.exec(`${pointer}/`)?.[1];
    if (pointer !== '/products') expect(issues.find((i) => i.pointer === pointer)?.entry).toBe(entry === undefined ? undefined : Number(entry));
  });

  it('on the command line: exit 2, the file and the JSON Pointer, no stack trace, nothing listening (the first case of each rule)', async () => {
    // One run per rule (each run is a process that builds a world): the in-process cases above cover the rest.
    const firsts = CASES.map((c, k) => [c, k] as const).filter(([c], k) => CASES.findIndex((x) => x[0] === c[0]) === k);
    expect(firsts).toHaveLength(24);
    const results = new Map<number, { code: number | null; stdout: string; stderr: string }>();
    const queue = [...firsts];
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) results.set(next[1], await runCli(['mock', '--port', '0', ...CLI_WORLD, '--data', written[next[1]] as string]));
    };
    await Promise.all([worker(), worker(), worker()]);
    for (const [[rule, name, , pointer], k] of firsts) {
      const res = results.get(k) as { code: number | null; stdout: string; stderr: string };
      const what = `${rule} ${name}: ${res.stderr.slice(0, 400)}`;
      expect(res.code, what).toBe(2);
      expect(res.stderr, what).toContain(written[k] as string);
      expect(res.stderr, what).toContain(`, ${pointer || '/'}: `);
      expect(res.stderr, what).not.toMatch(/^\s+at /m);
      expect(res.stdout, what).not.toMatch(/listening/);
    }
  }, 300_000);

  it('a file of many bad values: every problem kept, the first 100 listed', () => {
    let err: unknown;
    try {
      createMockServer({ ...WORLD, data: { name: 'many.json', value: file(...Array.from({ length: 150 }, (_, i) => entry({ sku: `ZZ${1000 + i}-001`, title: `Bad \u0007 ${i}` }))) } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    expect((err as DataFileError).issues).toHaveLength(150);
    expect((err as Error).message.split('\n').filter((l) => l.includes('/title: '))).toHaveLength(100);
    expect((err as Error).message).toMatch(/\n {2}\.\.\. and 50 more$/);
  });

  it('a file at the bounds is accepted', () => {
    const atBounds = file(
      entry({
        title: 'T'.repeat(150),
        retail_price: 1_000_000,
        sizes: ['9', 'S'.repeat(20)],
        market_a: { slug: 'a'.repeat(200), description: `tab\tand\nnewline ${'x'.repeat(9_980)}`, asks: [{ size: '9', prices: [{ type: 'standard', price: 1_000_000, asks: 1_000_000 }] }], sales: [sale({ amount: 1_000_000 })] },
        market_b: { id: 999_999_999_999_999, slug: 'b-100003', retail_prices: nested(27), asks: [{ size: '9', lowest_ask: 1_000_000 }] },
      }),
    );
    expect(() => createMockServer({ ...WORLD, data: { name: 'bounds.json', value: atBounds } })).not.toThrow();
  });
});
