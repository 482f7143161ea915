/**
 * Outside attacker, finding 15: `proxy --record` promised "a HAR 1.2 recording of every exchange"
 * but left out every answer over the judging cap (5 MiB; here a small cap, the same code path)
 * and every HEAD exchange, silently. Now each is an entry: a HEAD with its status and headers; a
 * large answer with its status, headers and size but no body (`content.text` absent, HAR 1.2's
 * "not available", with a `content.comment` saying why), which the one HAR reader understands:
 * judging counts it "without a captured body", replaying skips it with a message instead of
 * answering an empty body. Both `--judge sync` and `--judge async`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { startProxy, type Har } from '../../traffic/index.js';
import { loadHar } from '../../traffic/har/replay.js';
import { readHar } from '../../traffic/har/read.js';
import { recordedExchanges } from '../../traffic/offline/recorded.js';
import { listenLoopback, stopServer } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'record-all-'));
const CAP = 16 * 1024;
const BIG = 64 * 1024;
let upstream: Server;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    if ((req.url ?? '').includes('big')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BIG) });
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(BIG, 'a'));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : '{"small":true}');
    }
  });
  upstreamUrl = await listenLoopback(upstream);
});
afterAll(async () => {
  await stopServer(upstream);
});

describe('proxy --record holds every exchange (outside attacker, finding 15)', () => {
  it.each(['sync', 'async'] as const)('--judge %s: a body over the cap and a HEAD are recorded, in order', async (judge) => {
    const path = join(dir, `${judge}.har`);
    const proxy = await startProxy({ upstream: upstreamUrl, judge, record: path, maxBodyBytes: CAP });
    const sizes: number[] = [];
    for (const [method, target] of [
      ['GET', '/small'],
      ['GET', '/big'],
      ['GET', '/small2'],
      ['HEAD', '/head-request'],
    ] as const) {
      const res = await fetch(`${proxy.url}${target}`, { method });
      sizes.push((await res.arrayBuffer()).byteLength);
    }
    expect(sizes).toEqual([14, BIG, 14, 0]);
    await proxy.close();
    const har = JSON.parse(readFileSync(path, 'utf8')) as Har;
    const entries = har.log.entries;
    expect(entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual(['GET /small', 'GET /big', 'GET /small2', 'HEAD /head-request']);
    const big = entries[1]?.response;
    expect(big?.status).toBe(200);
    expect(big?.content.size).toBe(BIG);
    expect(big?.content.text).toBeUndefined();
    expect((big?.content as { comment?: string }).comment).toMatch(/not recorded: .*larger than 16384 bytes/);
    expect(big?.headers).toContainEqual({ name: 'content-length', value: String(BIG) });
    const head = entries[3]?.response;
    expect(head?.status).toBe(200);
    expect(head?.content.size).toBe(0);
  });

  it('the HAR reader understands a body left out: judged as "without a captured body", never replayed as an empty body', async () => {
    const path = join(dir, 'sync.har');
    const read = readHar(path);
    expect(read.entries).toHaveLength(4);
    const { unjudged } = recordedExchanges(
      read.entries.filter((e) => e.request.method === 'GET'),
      new ContractValidator(),
      { tiers: {} },
    );
    expect(unjudged.noBody + unjudged.notApi).toBe(3);
    const replay = loadHar(path);
    expect(replay.skipped).toBe(1);
    expect(replay.warnings.join('\n')).toMatch(/not recorded/);
    expect(replay.find('GET', '/big', undefined)).toBeUndefined();
    expect(replay.find('GET', '/small', undefined)).toBeDefined();
    expect(replay.find('HEAD', '/head-request', undefined)).toBeDefined();
  });
});
