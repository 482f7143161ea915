/**
 * The validation proxy's cost (issue 15): autocannon against the mock directly and through
 * `resale-kit proxy` in front of it, in one run, same paths, connections and duration; prints
 * requests per second and latency p50/p99 (ms) of each, and the proxy's added latency.
 *
 * Usage: tsx bench/proxy.ts [--seconds 8] [--connections 10]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.js';
import autocannon from 'autocannon';
import { freePort, startMock } from './targets.js';

const BIN = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const { values } = benchArgs(
  { script: 'bench/proxy.ts', about: "The validation proxy's cost: the mock directly and through `resale-kit proxy`, same run; prints requests per second, p50/p99 (ms) and the proxy's added latency." },
  {
    seconds: { type: 'string', default: '8', help: 'seconds per target', min: 1 },
    connections: { type: 'string', default: '10', help: 'connections kept open', min: 1, integer: true },
  },
);
const PATHS = ['/v3/market_a/products?query=jordan&limit=20', '/v3/market_b/products?query=nike', '/v3/market_a/products?query=dunk&page=2', '/v3/market_b/products?query=samba&limit=5'];

async function round(url: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const r = await autocannon({ url, connections: Number(values.connections), duration: Number(values.seconds), requests: PATHS.map((path) => ({ method: 'GET', path, headers: { authorization: 'demo-premium' } })) });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

const mock = await startMock();
const port = await freePort();
const proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', mock.baseUrl, '--port', String(port)], { stdio: 'ignore' });
const proxyUrl = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 100; i++) {
    try {
      await (await fetch(`${proxyUrl}/`)).arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const direct = await round(mock.baseUrl);
  const via = await round(proxyUrl);
  const line = (name: string, r: typeof direct): string => `${name.padEnd(16)} ${Math.round(r.rps).toString().padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}`;
  process.stdout.write(`${values.seconds} s, ${values.connections} connections, ${PATHS.length} search paths (cached in the mock)\n${line('mock directly', direct)}\n${line('through proxy', via)}\n`);
  process.stdout.write(`added latency: p50 +${via.p50 - direct.p50} ms, p99 +${via.p99 - direct.p99} ms; throughput ${Math.round((100 * via.rps) / direct.rps)} % of direct\n`);
} finally {
  proxy.kill('SIGTERM');
  await mock.stop();
}
