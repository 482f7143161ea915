/**
 * The suite survives bad servers and reports them: timeouts, resets, non-JSON and truncated
 * bodies, wrong content types, 5xx, huge bodies, redirects and 429. The bad server answers
 * searches and lookups through the real mock (so discovery works) and misbehaves on the sales
 * operations. Each run must finish, never throw, and name the problem in a finding.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawServer } from '../helpers/traffic.js';
import { runConformance, UnreachableError } from '../../conformance/index.js';
import { mock } from '../helpers/mock.js';

type Misbehave = (req: IncomingMessage, res: ServerResponse, count: number) => void;
const good = mock({ seed: 'bad-servers' });

async function badServer(misbehave: Misbehave, when: (url: string) => boolean = (u) => u.includes('/sales')): Promise<{ url: string; server: Server }> {
  let count = 0;
  const server = createServer((req, res) => {
    if (when(req.url ?? '')) {
      count++;
      misbehave(req, res, count);
    } else good.handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

async function judge(misbehave: Misbehave, options: { timeoutMs?: number; maxBodyBytes?: number } = {}) {
  const { url, server } = await badServer(misbehave);
  servers.push(server);
  const started = Date.now();
  const report = await runConformance({ baseUrl: url, apiKey: 'demo-premium', rateLimit: 0, timeoutMs: options.timeoutMs ?? 2000, maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024, maxRequests: 300 });
  const fails = report.results.filter((r) => r.outcome === 'fail');
  return { report, fails, ms: Date.now() - started, messages: fails.map((f) => `${f.check}: ${f.message}`).join('\n') };
}

describe('bad servers become findings, never crashes or hangs', () => {
  it('timeouts', async () => {
    const { fails, messages, report } = await judge(() => undefined, { timeoutMs: 300 });
    expect(messages).toMatch(/transport: no complete answer within 300 ms/);
    expect(fails.some((f) => f.check === 'premium-entitled' && f.level === 'must')).toBe(true);
    // It never hangs: the number of requests a silent server gets is bounded (each costs one timeout), not a time.
    console.log(`a silent server got ${report.requests} requests`);
    expect(report.requests).toBeLessThan(300);
  });

  it('connection resets', async () => {
    const { messages } = await judge((req) => req.socket.destroy());
    expect(messages).toMatch(/transport: .*(ECONNRESET|socket|terminated|other side closed)/i);
  });

  it('non-JSON bodies', async () => {
    const { messages } = await judge((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>');
    });
    expect(messages).toMatch(/response-schema: the body is not JSON \(starts "<html>oops/);
  });

  it('truncated bodies', async () => {
    const { messages } = await judge((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"data":[{"product_id":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(messages).toMatch(/transport: /);
  });

  it('wrong content types', async () => {
    const { messages } = await judge((req, res) => {
      const r = good.core.respond({ method: 'GET', url: req.url ?? '/', headers: req.headers });
      res.writeHead(r.status, { 'content-type': 'text/html' }).end(r.body);
    });
    expect(messages).toMatch(/content-type: Content-Type is "text\/html", not application\/json/);
  });

  it('5xx answers', async () => {
    const { messages } = await judge((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
    });
    expect(messages).toMatch(/no-server-error: answered 503/);
    expect(messages).toMatch(/premium-entitled: answered 503 to the entitled key/);
  });

  it('huge bodies are capped', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const { messages } = await judge(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        let sent = 0;
        const push = (): void => {
          while (sent < 50 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 50 * 1024 * 1024) res.once('drain', push);
          else res.end();
        };
        res.on('error', () => undefined);
        push();
      },
      { maxBodyBytes: 256 * 1024 },
    );
    expect(messages).toMatch(/transport: the body is larger than 262144 bytes/);
  });

  it('redirects are reported, not followed', async () => {
    const { messages } = await judge((_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
    });
    expect(messages).toMatch(/transport: redirected \(302\) to http:\/\/127\.0\.0\.1:9\/elsewhere/);
  });

  it('429 with Retry-After is honoured and retried', async () => {
    const { report, messages } = await judge((req, res, count) => {
      if (count <= 3) res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/problem+json' }).end('{"title":"Too Many Requests","status":429,"detail":"slow down"}');
      else good.handler(req, res);
    });
    expect(messages).not.toMatch(/rate limited/);
    expect(report.results.filter((r) => r.check === 'premium-entitled').every((r) => r.outcome === 'pass')).toBe(true);
    expect(report.durationMs).toBeGreaterThanOrEqual(3000); // three Retry-After: 1 waits were honoured
  }, 60_000);

  it('429 without end becomes a finding within the budget', async () => {
    const { messages } = await judge((_req, res) => {
      res.writeHead(429, { 'retry-after': '0' }).end();
    });
    expect(messages).toMatch(/transport: rate limited: (still 429 after 4 attempts|the server has kept answering 429)/);
  }, 60_000);
});

describe('a server that cannot be reached at all', () => {
  let port = 0;
  beforeAll(async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
    port = (s.address() as { port: number }).port;
    await new Promise<void>((r) => s.close(() => r()));
  });

  it('is an UnreachableError that says what to check', async () => {
    await expect(runConformance({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', rateLimit: 0 })).rejects.toThrow(UnreachableError);
    await expect(runConformance({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', rateLimit: 0 })).rejects.toThrow(/cannot reach .*ECONNREFUSED.*--base-url/);
  });
});

// Outside attacker, round 4: a server that answers, but not in HTTP, was "cannot reach ... Is the server running?" (exit 2, no report).
describe('a server that answers malformed HTTP from the first request', () => {
  it.each([
    ['not HTTP at all', 'HELLO THERE\r\n\r\n'],
    ['a header name with a space', 'HTTP/1.1 200 OK\r\nBad Name: 1\r\nContent-Length: 2\r\n\r\n{}'],
  ])('%s: judged (transport findings in a report), never "cannot reach"', async (_, answer) => {
    const raw = await rawServer((_head, socket) => socket.end(answer));
    try {
      const r = await runConformance({ baseUrl: raw.url, apiKey: 'k', rateLimit: 0, fuzzRequests: 1, maxRequests: 60 });
      const transport = r.results.filter((x) => x.check === 'transport' && x.outcome === 'fail');
      expect(transport.length).toBeGreaterThan(0);
      expect(transport[0]?.message).toMatch(/HPE_/);
    } finally {
      await raw.close();
    }
  });
});
