/**
 * Inflated bytes bounded per entry and per file when reading HARs (issue 29, docs/threat-model.md
 * class P): a HAR storing gzip bodies as sent (base64, `Content-Encoding: gzip`) is inflated at
 * most 8 MiB an entry and 64 MiB a file; past either bound the entry is not judged, and the
 * command says how many. (Before: 64 MiB an entry and no file bound, so a 685 KB HAR of gzip
 * bodies made `--from-har` use 816 MB; the figure is measured with /usr/bin/time, not here.)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateBudget, inflatedBodyOf, MAX_INFLATED_BYTES, MAX_INFLATED_FILE_BYTES, readHar } from '../../traffic/index.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'har-inflation-'));
const MiB = 1024 * 1024;

/** A JSON body of about `bytes` bytes (spaces compress ~1000:1). */
const padded = (bytes: number): Buffer => Buffer.from(`{"data":[],"meta":{}}${' '.repeat(Math.max(0, bytes - 21))}`);

/** A HAR whose entries each store `body` gzip-compressed, base64, as some tools do. */
export function gzipHar(bodies: readonly Buffer[]): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: bodies.map((b, i) => {
        const z = gzipSync(b);
        return {
          startedDateTime: '2026-01-15T10:00:00.000Z',
          time: 1,
          request: { method: 'GET', url: `http://api.test/v3/market_a/products?query=q${i}`, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            headers: [
              { name: 'content-type', value: 'application/json' },
              { name: 'content-encoding', value: 'gzip' },
            ],
            cookies: [],
            content: { size: b.length, mimeType: 'application/json', text: z.toString('base64'), encoding: 'base64' },
            redirectURL: '',
            headersSize: -1,
            bodySize: z.length,
          },
          cache: {},
          timings: { send: 0, wait: 1, receive: 0 },
        };
      }),
    },
  };
}

describe('HAR inflation bounds (traffic/har/read.ts)', () => {
  it('the bounds are 8 MiB an entry and 64 MiB a file', () => {
    expect(MAX_INFLATED_BYTES).toBe(8 * MiB);
    expect(MAX_INFLATED_FILE_BYTES).toBe(64 * MiB);
  });

  it('an entry inflating past 8 MiB is not inflated; one under it is, and is taken from the budget', () => {
    const path = join(dir, 'two.har');
    writeFileSync(path, JSON.stringify(gzipHar([padded(9 * MiB), padded(1 * MiB)])));
    const [big, small] = readHar(path).entries;
    const budget = inflateBudget();
    expect(inflatedBodyOf(big as never, budget)).toBeUndefined();
    expect(budget.left).toBe(64 * MiB);
    expect(inflatedBodyOf(small as never, budget)?.length).toBe(1 * MiB);
    expect(budget.left).toBe(63 * MiB);
  });

  it('a file of many entries under the entry bound stops inflating at 64 MiB in all', () => {
    const path = join(dir, 'many.har');
    writeFileSync(path, JSON.stringify(gzipHar(Array.from({ length: 12 }, () => padded(7 * MiB)))));
    const budget = inflateBudget();
    const sizes = readHar(path).entries.map((e) => inflatedBodyOf(e, budget)?.length);
    expect(sizes.filter((s) => s === 7 * MiB)).toHaveLength(9); // 63 MiB
    expect(sizes.slice(9)).toEqual([undefined, undefined, undefined]);
    expect(budget.left).toBe(1 * MiB);
  });

  it('conformance --from-har says how many entries were not judged for it', async () => {
    const path = join(dir, 'cli.har');
    writeFileSync(path, JSON.stringify(gzipHar([...Array.from({ length: 3 }, () => padded(9 * MiB)), padded(2000)])));
    const res = await runCli(['conformance', '--from-har', path, '--checks', 'envelope-data']);
    expect(res.stderr).toMatch(/3 whose compressed body would inflate past the bound \(8 MiB an entry, 64 MiB a file\)/);
  }, 60_000);
});
