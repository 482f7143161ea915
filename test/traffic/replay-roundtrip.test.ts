/**
 * A recording of a suite run through the proxy, replayed with `resale-kit mock --replay`, passes
 * the same suite, on a world whose text holds pieces of every configured key (`market_b` of
 * `market_b_secret_key` in every URL of marketplace B, `premium` of `three-premium-free` in slugs
 * and titles): redaction takes whole keys only, so no URL, slug or link of the recording is changed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { startProxy, type Har } from '../../traffic/index.js';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const PAID = 'market_b_secret_key';
const FREE = 'three-premium-free';
const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

describe('record through the proxy, replay with mock --replay', () => {
  it('the replay passes the same suite with the same results', async () => {
    const upstream = await listeningMock({ keys: { [PAID]: 'Pro', [FREE]: 'Free' } });
    stops.push(upstream.close);
    const har = join(mkdtempSync(join(tmpdir(), 'roundtrip-')), 'suite.har');
    const proxy = await startProxy({ upstream: upstream.url, record: har });
    const judge = (baseUrl: string) => runConformance({ baseUrl, apiKey: PAID, freeKey: FREE, rateLimit: 0 });
    const live = await judge(proxy.url);
    expect(live.summary.verdict).toBe('pass');
    await proxy.close();

    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(PAID);
    expect(text).not.toContain(FREE);
    const recording = JSON.parse(text) as Har;
    // Pieces of the keys are data and stay: marketplace B's URLs and premium slugs are recorded as sent.
    expect(recording.log.entries.some((e) => e.request.url.includes('/v3/market_b/'))).toBe(true);
    expect(text).toMatch(/premium/i);
    expect(text).not.toMatch(/\[redacted\]_|\/\[redacted\]\//);

    const mock = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--seed', 'another', '--replay', har, '--key', `${PAID}=Pro`, '--key', `${FREE}=Free`], { stdio: ['ignore', 'pipe', 'pipe'] });
    stops.push(() => mock.kill('SIGTERM'));
    const served = await listeningUrl(mock, 30_000);
    const replayed = await judge(served.url);
    expect(replayed.summary.verdict).toBe('pass');
    const rows = (r: typeof live): string[] => r.results.map((x) => `${x.check} ${x.operation} ${x.outcome}`);
    expect(rows(replayed)).toEqual(rows(live));
  }, 120_000);
});
