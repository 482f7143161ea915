/**
 * `conformance --record` keeps its HAR within what the readers take (attacker probe 8, M5: a
 * server's huge answers made a 411 MB recording that `--from-har`, `compat` and `verify` all
 * refused): entries stop before `HAR_MAX_BYTES`, `log._resaleKit.leftOut` counts the rest, and
 * the file reads back.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactorFor, type Exchange } from '../../conformance/index.js';
import { HAR_MAX_BYTES, harOfRun, readHar, writeRunHar } from '../../traffic/index.js';

const big = (i: number): Exchange => ({
  operationId: 'searchMarketAProducts',
  auth: 'none',
  request: { method: 'GET', url: `http://127.0.0.1:1/v3/market_a/products?query=q${i}` },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: `{"data":"${'x'.repeat(20 * 1024 * 1024)}"}`,
  ms: 1,
});

describe('the HAR of a run', () => {
  it('stops before the readers cap and says how many exchanges it left out', () => {
    const exchanges = [0, 1, 2, 3, 4].map(big);
    const har = harOfRun(exchanges, redactorFor({ baseUrl: 'http://127.0.0.1:1', headers: {} }, 'recording'), {}, '0', Date.now());
    expect(har.log.entries).toHaveLength(3);
    expect(har.log._resaleKit.leftOut).toBe(2);
    const path = join(mkdtempSync(join(tmpdir(), 'record-cap-')), 'run.har');
    writeRunHar(path, har);
    expect(statSync(path).size).toBeLessThanOrEqual(HAR_MAX_BYTES);
    expect(readHar(path).entries).toHaveLength(3);
  });

  it('leaves nothing out of a run that fits', () => {
    const har = harOfRun([{ ...big(0), text: '{"data":[]}' }], redactorFor({ baseUrl: 'http://127.0.0.1:1', headers: {} }, 'recording'), {}, '0', Date.now());
    expect(har.log.entries).toHaveLength(1);
    expect(har.log._resaleKit.leftOut).toBeUndefined();
  });
});
