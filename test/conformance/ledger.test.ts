/**
 * The statement ledger (conformance/ledger/) is honest (issue 28):
 * (a) every statement of the API description and of the production note, as `splitStatements`
 *     finds them, has a row quoting it, and so does every decision of the kit; an invented
 *     sentence added to a copy of the description turns this red;
 * (b) every row of level must, should or info names at least one check and one defect, unless it
 *     is a gap, and the gaps are counted and printed;
 * (c) every defect a row names is caught by one of the row's checks at the row's level or above
 *     (each mutant and reference defect run once, with only the checks that rows name for it;
 *     value defects judged by the response checks on one edited mock answer);
 * (d) a server showing what the `none` rows allow (the clean mock) fails no check;
 * (e) every check of the registry appears in some row, and the ledger's check ids are the registry's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractValidator, loadContract, type OperationId } from '../../contract/index.js';
import { CHECK_IDS, CHECKS, runConformance, type Report } from '../../conformance/index.js';
import type { CheckContext } from '../../conformance/check.js';
import type { Exchange } from '../../conformance/types.js';
import { LEDGER, LEDGER_CHECK_IDS, ledgerGaps, normalise, splitStatements, type LedgerRow, type Statement } from '../../conformance/ledger/index.js';
import { createMockServer, MUTANT_NAMES } from '../../mocks/index.js';
import { listeningMock } from '../helpers/servers.js';
import { TRACEABILITY_FILE, valueDefect, withLedger, type ValueDefect } from '../../scripts/traceability.js';
import { REFERENCE_DEFECTS, startReferenceServer } from '../reference/server.js';
import { DESCRIPTION_PATH, PRODUCTION_NOTE_PATH } from '../helpers/spec.js';

// The description and the note as kept in spec/ (compared with ../shared by test/contract/spec-copy.test.ts).
const DESCRIPTION = readFileSync(DESCRIPTION_PATH, 'utf8');
const NOTE = readFileSync(PRODUCTION_NOTE_PATH, 'utf8');
const RANK = { must: 3, should: 2, info: 1, none: 0 } as const;
/** The most gaps the ledger may hold; lower it when a gap is closed. */
const MAX_GAPS = 13;

/** Statements of a source with no ledger row of that source quoting them (by section and normalised text, counted). */
function unaccounted(statements: Statement[], rows: readonly LedgerRow[]): string[] {
  const left = new Map<string, number>();
  for (const r of rows) left.set(`${r.section}\u0000${r.statement}`, (left.get(`${r.section}\u0000${r.statement}`) ?? 0) + 1);
  const out: string[] = [];
  for (const s of statements) {
    const key = `${s.section}\u0000${s.text}`;
    const n = left.get(key) ?? 0;
    if (n === 0) out.push(`§${s.section}: ${s.text}`);
    else left.set(key, n - 1);
  }
  return out;
}
const rowsOf = (source: LedgerRow['source']): LedgerRow[] => LEDGER.filter((r) => r.source === source);

/** Every distinct `x-decision` text of the contract where `x-source: decision`, normalised. */
function contractDecisions(): string[] {
  const out = new Set<string>();
  const walk = (n: unknown, depth: number): void => {
    if (depth > 64 || typeof n !== 'object' || n === null) return;
    if (Array.isArray(n)) return n.forEach((x) => walk(x, depth + 1));
    const o = n as Record<string, unknown>;
    if (o['x-source'] === 'decision' && typeof o['x-decision'] === 'string') out.add(normalise(o['x-decision']));
    for (const v of Object.values(o)) walk(v, depth + 1);
  };
  walk(loadContract(), 0);
  return [...out];
}

describe('(a) every statement has a row', () => {
  it('splits the sources into statements that are verbatim substrings', () => {
    for (const text of [DESCRIPTION, NOTE]) {
      const whole = normalise(text);
      const statements = splitStatements(text);
      expect(statements.length).toBeGreaterThan(40);
      expect(statements.filter((s) => !whole.includes(s.text))).toEqual([]);
    }
    for (const r of LEDGER.filter((x) => x.source !== 'decision')) expect(normalise(r.source === 'description' ? DESCRIPTION : NOTE), r.id).toContain(r.statement);
  });

  it('every statement of the description has a row', () => {
    expect(unaccounted(splitStatements(DESCRIPTION), rowsOf('description'))).toEqual([]);
  });

  it('every fact of the production note has a row', () => {
    expect(unaccounted(splitStatements(NOTE), rowsOf('production'))).toEqual([]);
  });

  it('an invented normative sentence added to a copy of the description has no row (red)', () => {
    const invented = 'Every marketplace B sale carries a `currency` of three upper-case letters.';
    const copy = DESCRIPTION.replace('| purchased_at | string (timestamp) | |\n', `| purchased_at | string (timestamp) | |\n\n${invented} B3 answers in under one second.\n`);
    expect(copy).not.toBe(DESCRIPTION);
    expect(unaccounted(splitStatements(copy), rowsOf('description'))).toEqual([`§2.8: ${invented}`, '§2.8: B3 answers in under one second.']);
    const bullet = DESCRIPTION.replace('- Access is tiered.\n', '- Access is tiered.\n- Free callers see prices rounded to tens.\n');
    expect(unaccounted(splitStatements(bullet), rowsOf('description'))).toEqual(['§5: Free callers see prices rounded to tens.']);
  });

  it('every decision of the contract (x-source: decision) and every decision check has a row quoting it', () => {
    const quoted = new Set(rowsOf('decision').map((r) => r.statement));
    expect(contractDecisions().filter((t) => !quoted.has(t))).toEqual([]);
    expect(CHECKS.filter((c) => c.source === 'decision' && !quoted.has(c.requirement)).map((c) => c.id)).toEqual([]);
  });

  it('row ids are unique', () => {
    const ids = LEDGER.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('(b) rows name checks and defects', () => {
  it.each(LEDGER.filter((r) => r.level !== 'none').map((r) => [r.id, r] as const))('%s', (_id, r) => {
    expect(r.kind).toBeUndefined();
    if (r.gap !== undefined) {
      expect(r.gap.length, 'a gap says why').toBeGreaterThan(20);
      return;
    }
    expect(r.checks.length).toBeGreaterThan(0);
    expect(r.defects.length).toBeGreaterThan(0);
    const known = new Set([...MUTANT_NAMES, ...REFERENCE_DEFECTS.map((d) => d.name), 'reference-server']);
    for (const d of r.defects) expect(known.has(d) || valueDefect(d) !== undefined, `${r.id}: unknown defect ${d}`).toBe(true);
  });

  it('none rows name no check, and context rows are none', () => {
    for (const r of LEDGER.filter((x) => x.level === 'none')) expect(r.checks, r.id).toEqual([]);
    for (const r of LEDGER.filter((x) => x.kind === 'context')) expect(r.level, r.id).toBe('none');
  });

  it(`the gaps are few (at most ${MAX_GAPS}) and printed`, () => {
    const gaps = ledgerGaps();
    console.log(`ledger: ${LEDGER.length} rows, ${gaps.length} gaps:\n${gaps.map((g) => `  ${g.id} (${g.level}): ${g.gap}`).join('\n')}`);
    expect(gaps.length).toBeLessThanOrEqual(MAX_GAPS);
    expect(gaps.filter((g) => g.level === 'must').length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------------
// (c) defects

const NOW = Date.UTC(2026, 10, 20);
const KEYS = { apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, fuzzRequests: 1 };
const REF_KEYS = { apiKey: 'ref-paid', freeKey: 'ref-free', rateLimit: 0, fuzzRequests: 1 };
type Finding = { check: string; level: string; location?: string };
const found = new Map<string, Finding[]>();

/**
 * Checks run with every mutant and reference defect only to make the requests other checks judge
 * (error answers for problem-details, A2 with display[prices] for variant-asks-agree); their own
 * findings count only where a row names them.
 */
const PROBES = ['not-found', 'bad-parameters-422', 'auth-required', 'a2-prices-flag'];
/** The checks the rows name for a defect. */
const checksFor = (defect: string): string[] => [...new Set(LEDGER.filter((r) => r.defects.includes(defect)).flatMap((r) => r.checks))];
const failuresOf = (r: Report): Finding[] => r.results.filter((x) => x.outcome === 'fail').map((x) => ({ check: x.check, level: x.level, location: x.location }));

async function runDefect(defect: string): Promise<Finding[]> {
  const checks = [...new Set([...checksFor(defect), ...PROBES])];
  if (MUTANT_NAMES.includes(defect)) {
    const mock = await listeningMock({ mutant: defect, seed: 'mutants' });
    try {
      return failuresOf(await runConformance({ baseUrl: mock.url, ...KEYS, checks }));
    } finally {
      await mock.close();
    }
  }
  const server = await startReferenceServer(defect === 'reference-server' ? {} : { defects: [defect] });
  try {
    return failuresOf(await runConformance({ baseUrl: server.baseUrl, ...REF_KEYS, checks }));
  } finally {
    await server.close();
  }
}

/** 200 answers of the mock for each operation, for one product that has sales on both marketplaces. */
async function mockAnswers(): Promise<Map<ValueDefect['operation'], { operationId: OperationId; url: string; json: unknown }>> {
  const mock = createMockServer({ products: 200, now: NOW });
  const get = async (url: string): Promise<any> => {
    const out = await mock.core.respond({ method: 'GET', url, headers: { authorization: 'Bearer demo-premium' } });
    expect(out.status, url).toBe(200);
    return JSON.parse(out.body);
  };
  const answers = new Map<ValueDefect['operation'], { operationId: OperationId; url: string; json: unknown }>();
  const put = async (op: ValueDefect['operation'], operationId: OperationId, url: string): Promise<any> => {
    const json = await get(url);
    answers.set(op, { operationId, url, json });
    return json;
  };
  const a1 = await put('A1', 'searchMarketAProducts', '/v3/market_a/products?query=nike');
  const flags = 'display%5Bvariants%5D=true&display%5Bprices%5D=true&display%5Bidentifiers%5D=true';
  for (const p of a1.data as { id: string }[]) {
    const sales = await get(`/v3/market_a/products/${p.id}/sales`);
    const daily = await get(`/v3/market_a/products/${p.id}/sales/daily`);
    const a2 = await get(`/v3/market_a/products/${p.id}?${flags}`);
    if (sales.data.length === 0 || daily.data.length === 0 || !a2.data.variants?.[0]?.identifiers?.length || !a2.data.breadcrumbs?.length) continue;
    await put('A2', 'getMarketAProduct', `/v3/market_a/products/${p.id}?${flags}`);
    await put('A3', 'listMarketAProductSales', `/v3/market_a/products/${p.id}/sales`);
    await put('A4', 'listMarketAProductDailySales', `/v3/market_a/products/${p.id}/sales/daily`);
    break;
  }
  const b1 = await put('B1', 'searchMarketBProducts', '/v3/market_b/products?query=nike');
  for (const p of b1.data as { id: number }[]) {
    const sales = await get(`/v3/market_b/products/${p.id}/sales`);
    const daily = await get(`/v3/market_b/products/${p.id}/sales/daily`);
    if (sales.data.length === 0 || daily.data.length === 0) continue;
    await put('B2', 'getMarketBProduct', `/v3/market_b/products/${p.id}`);
    await put('B3', 'listMarketBProductSales', `/v3/market_b/products/${p.id}/sales`);
    await put('B4', 'listMarketBProductDailySales', `/v3/market_b/products/${p.id}/sales/daily`);
    break;
  }
  return answers;
}

/** Sets the value at a JSON Pointer whose parent exists; false when it does not. */
function setAt(doc: any, pointer: string, value: unknown): boolean {
  const tokens = pointer.split('/').slice(1);
  const last = tokens.pop() as string;
  let node = doc;
  for (const t of tokens) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, t)) return false;
    node = node[t];
  }
  if (node === null || typeof node !== 'object') return false;
  node[last] = value;
  return true;
}

const VALIDATOR = new ContractValidator();
/** The response checks (of `checks`) judging one mock answer with one value replaced. */
function runValueDefect(defect: ValueDefect, answers: Awaited<ReturnType<typeof mockAnswers>>, checks: string[]): Finding[] {
  const answer = answers.get(defect.operation);
  if (!answer) return [{ check: '(none)', level: 'none', location: `no ${defect.operation} answer` }];
  const json = structuredClone(answer.json);
  if (!setAt(json, defect.pointer, defect.value)) return [{ check: '(none)', level: 'none', location: `${defect.operation} has nothing at ${defect.pointer}` }];
  const ex: Exchange = {
    operationId: answer.operationId,
    auth: 'main',
    request: { method: 'GET', url: `http://127.0.0.1${answer.url}` },
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(json),
    json,
    ms: 0,
  };
  const ctx = { validator: VALIDATOR } as unknown as CheckContext;
  const out: Finding[] = [];
  for (const c of CHECKS.filter((x) => checks.includes(x.id) && x.response)) {
    const v = c.response?.(ex, ctx);
    for (const one of v === undefined ? [] : Array.isArray(v) ? v : [v]) if (one.outcome === 'fail') out.push({ check: c.id, level: one.level ?? c.level, location: one.location });
  }
  return out;
}

const DEFECTS = [...new Set(LEDGER.flatMap((r) => r.defects))];
const started = Date.now();

beforeAll(async () => {
  const answers = await mockAnswers();
  for (const d of DEFECTS) {
    const v = valueDefect(d);
    if (v) found.set(d, runValueDefect(v, answers, checksFor(d)));
  }
  const queue = DEFECTS.filter((d) => !valueDefect(d));
  const worker = async (): Promise<void> => {
    for (let d = queue.shift(); d !== undefined; d = queue.shift()) found.set(d, await runDefect(d));
  };
  await Promise.all([worker(), worker(), worker()]);
}, 240_000);

afterAll(() => {
  console.log(`ledger: ${DEFECTS.length} distinct defects (${DEFECTS.filter((d) => valueDefect(d)).length} value defects) judged in ${Math.round((Date.now() - started) / 1000)} s`);
});

/** The findings of a row's checks, at its level or above, that a defect gave (at the value's pointer for a value defect). */
function caught(r: Pick<LedgerRow, 'checks' | 'level'>, defect: string): Finding[] {
  const v = valueDefect(defect);
  return (found.get(defect) ?? []).filter((f) => (r.checks as readonly string[]).includes(f.check) && RANK[f.level as keyof typeof RANK] >= RANK[r.level] && (!v || f.location === undefined || f.location === v.pointer));
}

describe('(c) every defect a row names is caught by its checks at its level', () => {
  it.each(LEDGER.filter((r) => r.defects.length > 0).map((r) => [r.id, r] as const))('%s', (_id, r) => {
    for (const d of r.defects) {
      expect(caught(r, d).length, `${r.id}: ${d} caught by ${r.checks.join(', ')} at ${r.level} or above; found ${JSON.stringify((found.get(d) ?? []).slice(0, 6))}`).toBeGreaterThan(0);
    }
  });

  it('a row whose check does not catch its defect, or catches it only below its level, is red', () => {
    expect(caught({ checks: ['variant-positions'], level: 'should' }, 'position-negative').length).toBeGreaterThan(0);
    expect(caught({ checks: ['variant-positions'], level: 'must' }, 'position-negative')).toEqual([]);
    expect(caught({ checks: ['b3-sale-type'], level: 'should' }, 'position-negative')).toEqual([]);
    // A value defect is caught only at its own pointer.
    expect(caught({ checks: ['response-schema'], level: 'must' }, 'A2/data/min_price="12"').length).toBeGreaterThan(0);
    expect(found.get('A2/data/min_price="12"')?.every((f) => f.location === '/data/min_price')).toBe(true);
  });
});

describe('(d) what none rows allow fails no check', () => {
  it('the clean mock (a server doing what the none rows leave open) gets no must or should finding', async () => {
    const mock = await listeningMock({ seed: 'mutants' });
    try {
      const r = await runConformance({ baseUrl: mock.url, ...KEYS });
      expect(r.results.filter((x) => x.outcome === 'fail' && x.level !== 'info').map((x) => `${x.check} ${x.level}: ${x.message}`)).toEqual([]);
    } finally {
      await mock.close();
    }
  }, 120_000);
});

describe('docs/traceability.md', () => {
  it('holds the ledger as scripts/traceability.ts generates it (npm run -s traceability)', () => {
    const committed = readFileSync(TRACEABILITY_FILE, 'utf8');
    expect(committed).toBe(withLedger(committed));
    expect(committed).toContain(`${LEDGER.length} rows; ${ledgerGaps().length} gaps`);
  });

  it('a changed row makes the committed file out of date', () => {
    const committed = readFileSync(TRACEABILITY_FILE, 'utf8');
    const changed = LEDGER.map((r) => (r.id === 'D-0-2' ? { ...r, checks: [] } : r));
    expect(withLedger(committed, changed)).not.toBe(committed);
  });
});

describe('(e) the ledger and the registry agree', () => {
  it('the ledger check ids are the registry ids', () => {
    expect([...LEDGER_CHECK_IDS].sort()).toEqual([...CHECK_IDS].sort());
  });

  it('every check of the registry appears in some row', () => {
    const named = new Set(LEDGER.flatMap((r) => r.checks));
    expect(CHECK_IDS.filter((c) => !named.has(c as never))).toEqual([]);
  });
});
