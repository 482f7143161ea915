/**
 * The generated phases (issue 10): reproducible (the same seed against the same server sends
 * the same requests; another seed other fuzz requests), every failure carries a curl command
 * that reproduces it with the key as a placeholder, and a bug that fails many generated
 * requests is one finding with a count, not one row per request.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryValues, fuzzRequests, runConformance } from '../../conformance/index.js';
import { createMockServer } from '../../mocks/index.js';
import { NOW, validator } from '../helpers/mock.js';

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

/** A mock (optionally a mutant) behind a server that records every request target, in order. */
async function recorded(mutant?: string): Promise<{ url: string; seen: string[] }> {
  const mock = createMockServer({ now: NOW, products: 300, seed: 'generated', ...(mutant ? { mutant } : {}) });
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
    mock.handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

const run = (url: string, seed: string | number) => runConformance({ baseUrl: url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, seed });

describe('generation from the contract', () => {
  it('covers every query parameter of every operation from its schema, with one value past each bound', () => {
    for (const op of validator.operations) {
      for (const p of op.parameters.filter((x) => x.in === 'query')) {
        const labels = boundaryValues(p, new Map([['variant_id', '0f8fad5b-d9cb-469f-a165-70867728950e']])).map((s) => s.label);
        expect(labels.length, `${op.operationId} ${p.name}`).toBeGreaterThan(1);
        if (typeof p.schema.maximum === 'number') expect(labels).toContain(`one past the maximum ${p.schema.maximum}`);
        if (typeof p.schema.minimum === 'number') expect(labels).toContain(`one below the minimum ${p.schema.minimum}`);
      }
    }
  });

  it('fuzz requests are a function of the seed', () => {
    const op = validator.operation('searchMarketAProducts');
    expect(fuzzRequests(op, new Map(), 7, 20)).toEqual(fuzzRequests(op, new Map(), 7, 20));
    expect(fuzzRequests(op, new Map(), 7, 20)).not.toEqual(fuzzRequests(op, new Map(), 8, 20));
  });
});

describe('a run', () => {
  it('the same seed against the same server sends the same requests; another seed changes only the fuzz phase', async () => {
    const a = await recorded();
    const b = await recorded();
    const c = await recorded();
    const first = await run(a.url, 'seed-one');
    await run(b.url, 'seed-one');
    await run(c.url, 'seed-two');
    expect(a.seen.length).toBe(first.requests);
    expect(b.seen).toEqual(a.seen);
    expect(c.seen).not.toEqual(a.seen);
    const fuzzOf = (r: typeof first) => r.phases.find((p) => p.name === 'fuzz')?.requests ?? 0;
    expect(fuzzOf(first)).toBeGreaterThan(0);
    // Everything before the fuzz phase is the same whatever the seed.
    const beforeFuzz = first.requests - fuzzOf(first);
    expect(c.seen.slice(0, beforeFuzz)).toEqual(a.seen.slice(0, beforeFuzz));
  }, 120_000);

  it('a failure carries a curl command that reproduces it, with the key as a placeholder', async () => {
    const { url } = await recorded('malformed-variant-id-500');
    const report = await run(url, 1);
    const row = report.results.find((r) => r.check === 'coverage' && r.outcome === 'fail' && r.operation === 'listMarketAProductSales');
    expect(row?.curl).toBeDefined();
    const curl = row?.curl as string;
    expect(curl).toContain('"Authorization: Bearer $RESALE_KIT_API_KEY"');
    expect(curl).not.toContain('demo-premium');
    const { stdout } = await promisify(execFile)('/bin/sh', ['-c', curl], { env: { ...process.env, RESALE_KIT_API_KEY: 'demo-premium' } });
    expect(stdout).toMatch(/^HTTP\/1\.1 500 /);
  }, 60_000);

  it("a finding of a request with headers of its own carries them in its curl line (newcomer probe: conditional-get's had no If-None-Match)", async () => {
    const { url } = await recorded('etag-ignored');
    const report = await runConformance({ baseUrl: url, apiKey: 'demo-premium', rateLimit: 0, checks: ['conditional-get'] });
    const row = report.results.find((r) => r.check === 'conditional-get' && r.outcome === 'fail');
    const curl = row?.curl as string;
    expect(curl).toMatch(/-H 'if-none-match: "[^']+"'/);
    const { stdout } = await promisify(execFile)('/bin/sh', ['-c', curl], { env: { ...process.env, RESALE_KIT_API_KEY: 'demo-premium' } });
    // The defect, replayed: a matching If-None-Match answered 200 with the body, not 304.
    expect(stdout).toMatch(/^HTTP\/1\.1 200 /);
  }, 60_000);

  it('a bug that fails many generated requests is one finding per kind, with a count and the smallest example', async () => {
    const { url } = await recorded('non-ascii-query-500');
    const report = await run(url, 'resale-kit');
    const rows = report.results.filter((r) => r.check === 'no-server-error' && r.operation === 'searchMarketAProducts' && r.outcome === 'fail');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBeGreaterThan(1);
    expect(rows[0]?.message).toMatch(/\(\d+ requests failed this way; the smallest is shown\)/);
  }, 60_000);
});
