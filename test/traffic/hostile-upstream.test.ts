/**
 * Hostile upstream answers (issue 21): a status outside 200–599, 1xx oddities, an upgrade,
 * headers node cannot pass on, answers that are not HTTP or cut short: each is a 502 problem,
 * never a crash, and the proxy process keeps serving. Judging is bounded per answer: bodies
 * whose full judging would cost time in the square of their items (10,000 `{}`, 50,000 zeros)
 * are judged within a budget and reported "not fully judged".
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { lineProxy, rawServer } from '../helpers/traffic.js';

const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
/** What the raw upstream sends for each path. */
const ANSWERS: Record<string, string | ((s: import('node:net').Socket) => void)> = {
  '/s099': 'HTTP/1.1 099 Odd\r\nContent-Length: 2\r\n\r\n{}',
  '/s000': 'HTTP/1.1 000 Zero\r\nContent-Length: 2\r\n\r\n{}',
  '/s1000': 'HTTP/1.1 1000 Big\r\nContent-Length: 2\r\n\r\n{}',
  '/s600': 'HTTP/1.1 600 Six\r\nContent-Length: 2\r\n\r\n{}',
  '/s999': 'HTTP/1.1 999 Nine\r\nContent-Length: 2\r\n\r\n{}',
  '/s100-then-close': (s) => s.end('HTTP/1.1 100 Continue\r\n\r\n'),
  '/s102-then-close': (s) => s.end('HTTP/1.1 102 Processing\r\n\r\n'),
  '/s101': 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\nraw bytes',
  '/s101-unasked': 'HTTP/1.1 101 Switching Protocols\r\n\r\n',
  '/control-in-value': 'HTTP/1.1 200 OK\r\nX-A: a\u0001b\r\nContent-Length: 2\r\n\r\n{}',
  '/del-in-value': 'HTTP/1.1 200 OK\r\nX-A: a\u007fb\r\nContent-Length: 2\r\n\r\n{}',
  '/space-in-name': 'HTTP/1.1 200 OK\r\nBad Name: 1\r\nContent-Length: 2\r\n\r\n{}',
  '/no-colon': 'HTTP/1.1 200 OK\r\nNoColon\r\nContent-Length: 2\r\n\r\n{}',
  '/two-lengths': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
  '/length-and-chunked': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  '/negative-length': 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}',
  '/bad-chunk': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  '/not-http': 'HELLO THERE\r\n\r\n',
  '/http-0.9': '{}',
  '/cut-short': (s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":'),
  '/close-at-once': (s) => s.destroy(),
  // A reason phrase node refuses to write (outside attacker, round 4: the proxy process exited on the second writeHead).
  '/escape-in-reason': 'HTTP/1.1 200 OK\u001b[31m\r\nContent-Length: 2\r\n\r\n{}',
  '/control-in-reason': 'HTTP/1.1 404 Not\u0001Found\r\nContent-Length: 2\r\n\r\n{}',
};
const GOOD = ['/s103-then-200'];

let raw: Awaited<ReturnType<typeof rawServer>>;
beforeAll(async () => {
  raw = await rawServer((head, socket) => {
    const path = /^[A-Z]+ (\S+)/.exec(head)?.[1] ?? '';
    if (path === '/s103-then-200') {
      socket.write(`HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n${OK}`);
      return;
    }
    const a = ANSWERS[path];
    if (typeof a === 'function') a(socket);
    else socket.end(a ?? OK);
  });
});
afterAll(() => raw.close());

describe('hostile upstream answers', () => {
  it.each(Object.keys(ANSWERS))('%s: a 502 problem, and the proxy keeps serving', async (path) => {
    const p = await lineProxy({ upstream: raw.url, timeoutMs: 2000 });
    try {
      const res = await fetch(`${p.url}${path}`);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = (await res.json()) as { type: string; detail: string };
      expect(body.type).toMatch(/problems\/(bad-upstream-answer|upstream-unreachable)$/);
      const good = await fetch(`${p.url}${GOOD[0]}`);
      expect(good.status).toBe(200);
      expect(await good.text()).toBe('{}');
    } finally {
      await p.close();
    }
  });

  it('the proxy process survives every hostile answer and keeps serving', async () => {
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', raw.url, '--port', '0', '--timeout', '2000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    try {
      const { url } = await listeningUrl(child);
      for (const path of Object.keys(ANSWERS)) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(502);
        await res.arrayBuffer();
      }
      expect(child.exitCode, stderr).toBeNull();
      const good = await fetch(`${url}${GOOD[0]}`);
      expect(good.status, await good.clone().text()).toBe(200);
      expect(stderr).not.toMatch(/at .*\.js:\d+|Uncaught|ERR_HTTP_INVALID_STATUS_CODE/);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('judging is bounded per answer', () => {
  const BODIES: Record<string, string> = {
    '/v3/market_a/products?query=objects': JSON.stringify({ data: Array.from({ length: 10_000 }, () => ({})) }),
    '/v3/market_a/products?query=zeros': `{"data":[${Array(50_000).fill('0').join(',')}]}`,
  };
  let up: import('node:http').Server;
  let upUrl = '';
  beforeAll(async () => {
    up = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(BODIES[req.url ?? ''] ?? '{"data":[]}'));
    await new Promise<void>((r) => up.listen(0, '127.0.0.1', () => r()));
    upUrl = `http://127.0.0.1:${(up.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => up.close(() => r())));

  it('10,000 empty objects and 50,000 zeros are judged within a budget, reported "not fully judged", and a concurrent request is answered', async () => {
    const p = await lineProxy({ upstream: upUrl, timeoutMs: 20_000 });
    try {
      // Warm the operation's validators with a small answer first.
      await (await fetch(`${p.url}/v3/market_a/products?query=small`)).arrayBuffer();
      const started = Date.now();
      const [a, b, c] = await Promise.all([...Object.keys(BODIES).map((path) => fetch(`${p.url}${path}`)), fetch(`${p.url}/v3/market_a/products?query=small`)]);
      for (const r of [a, b, c]) await r?.arrayBuffer();
      const ms = Date.now() - started;
      expect(Number(a?.headers.get('x-contract-violations'))).toBeGreaterThan(0);
      expect(Number(b?.headers.get('x-contract-violations'))).toBeGreaterThan(0);
      expect(c?.status).toBe(200);
      // Today's cost is a few hundred ms; before the budget it was 6-14 s. The bound is loose.
      expect(ms).toBeLessThan(5000);
      expect(p.stats().notFullyJudged).toBeGreaterThanOrEqual(2);
      const report = await p.close();
      expect(report.errors.map((e) => e.message).join('\n')).toMatch(/not fully judged: \d+ answer\(s\)/);
      expect(report.phases).toContainEqual({ name: 'not fully judged', requests: p.stats().notFullyJudged });
      expect(report.results.some((r) => r.check === 'response-schema' && r.outcome === 'fail')).toBe(true);
    } finally {
      await p.close().catch(() => undefined);
    }
  });
});
