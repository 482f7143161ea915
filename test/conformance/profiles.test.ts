/**
 * Profiles (`--profile`): what a vendor claims. Each profile is derived from the contract; a
 * server implementing only its claim passes with the rest "not claimed" (never a failure, never
 * inconclusive), the suite sends nothing outside the claim, and a defect inside the claim still
 * fails the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, listProfiles, runConformance, UsageError, type Check, type CheckContext, type Report } from '../../conformance/index.js';
import { operationsJudgedBy } from '../../conformance/certificate/judged-by.js';
import { ContractValidator, listOperations, loadContract, type OpenApiDocument } from '../../contract/index.js';
import { runCli } from '../helpers/cli.js';
import { noPremium, onlyMarketplace, partialServer, type PartialServer } from '../helpers/partial.js';
import { listeningMock } from '../helpers/servers.js';

const KEYS = { 'k-paid-7f3c': 'Pro', 'k-free-9d21': 'Free' } as const;
const base = { apiKey: 'k-paid-7f3c', freeKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1 } as const;
const doc = loadContract();
const ops = listOperations(doc);
const checksWith = (r: Report, outcome: string): string[] => [...new Set(r.results.filter((x) => x.outcome === outcome).map((x) => x.check))];
/** Checks with no row but not-claimed ones. */
const whollyUnclaimed = (r: Report): string[] => CHECKS.map((c) => c.id).filter((id) => r.results.some((x) => x.check === id) && r.results.filter((x) => x.check === id).every((x) => x.outcome === 'not-claimed'));

describe('profiles are derived from the contract', () => {
  it('full, one per marketplace path segment, free-tier', () => {
    const profiles = listProfiles(doc, ops);
    expect(profiles.map((p) => p.name)).toEqual(['full', 'market-a', 'market-b', 'free-tier']);
    const byName = new Map(profiles.map((p) => [p.name, p]));
    expect(byName.get('full')?.operations).toEqual(ops.map((o) => o.operationId));
    for (const [name, segment] of [
      ['market-a', 'market_a'],
      ['market-b', 'market_b'],
    ] as const) {
      const p = byName.get(name);
      expect(p?.operations.length).toBeGreaterThan(0);
      expect(p?.operations).toEqual(ops.filter((o) => o.path.startsWith(`/v3/${segment}/`)).map((o) => o.operationId));
    }
    const free = byName.get('free-tier');
    expect(free?.paidParameters).toBe(false);
    expect(free?.operations).toEqual(ops.filter((o) => !o.premium).map((o) => o.operationId));
    expect(free?.description).toContain('display[identifiers]');
  });

  it('a contract with another marketplace and another premium operation gets its profile without code changes', () => {
    const copy = structuredClone(doc) as OpenApiDocument;
    const paths = copy.paths as Record<string, unknown>;
    paths['/v3/market_c/products'] = structuredClone(paths['/v3/market_b/products']);
    const op = (paths['/v3/market_c/products'] as { get: Record<string, unknown> }).get;
    op.operationId = 'searchMarketCProducts';
    op.tags = ['Marketplace C'];
    op['x-premium'] = true;
    const profiles = listProfiles(copy, listOperations(copy));
    const c = profiles.find((p) => p.name === 'market-c');
    expect(c?.operations).toEqual(['searchMarketCProducts']);
    expect(c?.description).toContain('Marketplace C');
    expect(profiles.find((p) => p.name === 'free-tier')?.operations).not.toContain('searchMarketCProducts');
  });

  it("which operations a response check judges comes from the contract's examples", () => {
    const ctx = { validator: new ContractValidator(), options: {} } as unknown as CheckContext;
    const judged = (id: string): string[] => operationsJudgedBy(CHECKS.find((c) => c.id === id) as Check, ctx);
    expect(judged('b3-sale-type')).toEqual(['listMarketBProductSales']);
    expect(judged('daily-one-per-day').sort()).toEqual(['listMarketAProductDailySales', 'listMarketBProductDailySales']);
    expect(judged('response-schema')).toEqual(ops.map((o) => o.operationId));
  });

  it('an unknown profile is a usage error naming the profiles', async () => {
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:1', profile: 'market-z' })).rejects.toThrow(UsageError);
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:1', profile: 'market-z' })).rejects.toThrow(/full, market-a, market-b, free-tier/);
  });
});

describe('servers that implement part of the API', () => {
  const servers: PartialServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const start = async (implementsPath: (p: string) => boolean, mutant?: string): Promise<PartialServer> => {
    const s = await partialServer(implementsPath, { keys: { ...KEYS }, ...(mutant ? { mutant } : {}) });
    servers.push(s);
    return s;
  };

  for (const [profile, segment, other] of [
    ['market-b', 'market_b', 'market_a'],
    ['market-a', 'market_a', 'market_b'],
  ] as const) {
    it(`only ${segment}: fails under full, passes under --profile ${profile} with the other marketplace not claimed and never called`, async () => {
      const s = await start(onlyMarketplace(segment));
      const full = await runConformance({ baseUrl: s.url, ...base, maxRequests: 250 });
      expect(full.summary.verdict).not.toBe('pass');
      expect(s.refused.length).toBeGreaterThan(0);
      s.refused.length = 0;
      const claimed = await runConformance({ baseUrl: s.url, ...base, profile });
      expect(claimed.summary.verdict, claimed.summary.reason).toBe('pass');
      expect(s.refused.filter((u) => u.startsWith(`/v3/${other}/`))).toEqual([]);
      expect(checksWith(claimed, 'fail')).toEqual([]);
      expect(claimed.summary.notJudged.filter((n) => !n.allowed)).toEqual([]);
      expect(claimed.summary.notClaimed).toBeGreaterThan(0);
      // Every unclaimed row is about the other marketplace (or a rule wholly about it).
      for (const r of claimed.results.filter((x) => x.outcome === 'not-claimed')) expect(r.operation === '*' || ops.find((o) => o.operationId === r.operation)?.marketplace === other, `${r.check} ${r.operation}`).toBe(true);
      expect(claimed.profile?.name).toBe(profile);
      // The claimed marketplace was judged.
      expect(claimed.results.some((r) => r.outcome === 'pass' && ops.find((o) => o.operationId === r.operation)?.marketplace === segment)).toBe(true);
    });
  }

  it('free-tier: a server without premium operations, called with a Free key, passes with premium and paid-parameter checks not claimed', async () => {
    const s = await start(noPremium);
    const full = await runConformance({ baseUrl: s.url, apiKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1, maxRequests: 250 });
    expect(full.summary.verdict).not.toBe('pass');
    s.refused.length = 0;
    const claimed = await runConformance({ baseUrl: s.url, apiKey: 'k-free-9d21', freeKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1, profile: 'free-tier' });
    expect(claimed.summary.verdict, claimed.summary.reason).toBe('pass');
    expect(s.refused).toEqual([]);
    const unclaimed = whollyUnclaimed(claimed);
    for (const id of ['premium-entitled', 'a2-identifiers-flag', 'a3-all-variants', 'a3-variant-filter']) expect(unclaimed).toContain(id);
    // identifiers-not-entitled stays claimed where it can be judged without the paid parameter
    // (A2 answered to the Free key with the other flags never carries identifiers, §5), and passes.
    expect(claimed.results.filter((r) => r.check === 'identifiers-not-entitled' && r.outcome === 'fail')).toEqual([]);
    // No request carried the paid parameter.
    expect(claimed.results.some((r) => r.request?.url.includes('identifiers'))).toBe(false);
    // The free operations were judged.
    expect(claimed.results.some((r) => r.check === 'b2-variants' && r.outcome === 'pass')).toBe(true);
  });

  it('a defect inside the claim still fails (market-b profile, B2 without variants)', async () => {
    const s = await start(onlyMarketplace('market_b'), 'b2-no-variants');
    const r = await runConformance({ baseUrl: s.url, ...base, profile: 'market-b' });
    expect(r.summary.verdict).toBe('fail');
    expect(checksWith(r, 'fail')).toContain('b2-variants');
  });

  it('a defect outside the claim is not claimed (market-b profile, a marketplace A defect)', async () => {
    const m = await listeningMock({ products: 60, mutant: 'variants-flag-ignored', keys: { ...KEYS } });
    try {
      const full = await runConformance({ baseUrl: m.url, ...base });
      expect(full.summary.verdict).toBe('fail');
      const claimed = await runConformance({ baseUrl: m.url, ...base, profile: 'market-b' });
      expect(claimed.summary.verdict, claimed.summary.reason).toBe('pass');
      expect(whollyUnclaimed(claimed)).toContain('a2-variants-flag');
    } finally {
      await m.close();
    }
  });
});

describe('profiles against the mock (implements everything)', () => {
  let mock: Awaited<ReturnType<typeof listeningMock>>;
  beforeAll(async () => {
    mock = await listeningMock({ products: 60, keys: { ...KEYS } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it.each(['full', 'market-a', 'market-b'])('--profile %s passes; full leaves nothing unclaimed', async (profile) => {
    const r = await runConformance({ baseUrl: mock.url, ...base, profile });
    expect(r.summary.verdict, r.summary.reason).toBe('pass');
    if (profile === 'full') expect(r.summary.notClaimed).toBe(0);
    else expect(r.summary.notClaimed).toBeGreaterThan(0);
  });

  it('free-tier with Free keys passes without --allow-skip (nothing inconclusive); without the profile it does not', async () => {
    const r = await runConformance({ baseUrl: mock.url, apiKey: 'k-free-9d21', freeKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1, profile: 'free-tier' });
    expect(r.summary.verdict, r.summary.reason).toBe('pass');
    // Optional checks (they judge only what the answers allow) may judge nothing; none blocks the run.
    expect(r.summary.notJudged.filter((n) => !n.allowed)).toEqual([]);
    const without = await runConformance({ baseUrl: mock.url, apiKey: 'k-free-9d21', freeKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1 });
    expect(without.summary.verdict).not.toBe('pass');
  });

  it('--allow-skip still covers what a profile does not: free-tier without --free-key', async () => {
    const r = await runConformance({ baseUrl: mock.url, apiKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1, profile: 'free-tier' });
    const blocking = r.summary.notJudged.filter((n) => !n.allowed).map((n) => n.check);
    expect(blocking).toContain('identifiers-not-entitled');
    expect(r.summary.verdict).toBe('inconclusive');
    const allowed = await runConformance({ baseUrl: mock.url, apiKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1, profile: 'free-tier', allowSkip: blocking });
    expect(allowed.summary.verdict, allowed.summary.reason).toBe('pass');
    expect(allowed.summary.notJudged.every((n) => n.allowed)).toBe(true);
  });

  it('CLI: --list-profiles lists them; an unknown --profile exits 2 naming the profiles', async () => {
    const list = await runCli(['conformance', '--list-profiles']);
    expect(list.code).toBe(0);
    for (const name of ['full', 'market-a', 'market-b', 'free-tier']) expect(list.stdout).toMatch(new RegExp(`^${name} `, 'm'));
    const bad = await runCli(['conformance', '--base-url', mock.url, '--profile', 'market-z']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown --profile "market-z"; profiles are: full, market-a, market-b, free-tier/);
  });
});
