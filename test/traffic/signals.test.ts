/**
 * SIGTERM and SIGINT (issue 21): the proxy exits within 2 s at any load and after any run
 * length, having written its reports. The report comes from the aggregates, so its cost does
 * not grow with the answers judged; a hard deadline bounds whatever else stopping takes. With
 * `--judge async` (issue 33) the report holds the judging worker's verdicts, collected at stop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { listenLoopback, stopServer } from '../helpers/servers.js';

let up: Server;
let upUrl = '';
// Every answer breaks many rules, each a little differently: many verdicts, many kinds.
const body = (n: number): string => JSON.stringify({ data: Array.from({ length: 30 }, (_, i) => ({ id: `not-a-uuid-${n}-${i}`, [`odd_${n % 997}`]: i })) });
beforeAll(async () => {
  let n = 0;
  up = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body(n++)));
  upUrl = await listenLoopback(up);
});
afterAll(() => stopServer(up));

describe('stopping the proxy', () => {
  it.each([
    ['SIGTERM', 'sync'],
    ['SIGINT', 'sync'],
    ['SIGTERM', 'async'],
  ] as const)('%s under full load, --judge %s: exits 0 within 2 s with its report written', { timeout: 90_000 }, async (signal, judge) => {
    const dir = mkdtempSync(join(tmpdir(), 'signals-'));
    // --judge async: the built CLI judges in its worker thread (dist/traffic/judge-worker.js), and the report holds what the worker found.
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', upUrl, '--port', '0', '--judge', judge, '--report', `json=${join(dir, 'report.json')}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.resume();
    const { url } = await listeningUrl(child);
    let stop = false;
    let answered = 0;
    const worker = async (): Promise<void> => {
      while (!stop) {
        try {
          await (await fetch(`${url}/v3/market_a/products?query=q`)).arrayBuffer();
          answered++;
        } catch {
          return; // the proxy went away
        }
      }
    };
    const load = Array.from({ length: 16 }, worker);
    // Under load until 300 answers went through (at most 30 s), not for a fixed time: on a busy
    // machine 2.5 s gave as few as 60 answers, of which the async worker had judged 36 at stop.
    const until = Date.now() + 30_000;
    while (answered < 300 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      const t = Date.now();
      child.on('exit', (code) => resolve({ code, ms: Date.now() - t }));
    });
    child.kill(signal);
    const { code, ms } = await exited;
    stop = true;
    await Promise.all(load);
    expect(answered).toBeGreaterThanOrEqual(300);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2000);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { requests: number; summary: { verdict: string }; phases?: { name: string; requests: number }[] };
    // Every answer that reached a client is counted, judged or not (before, --judge async counted
    // only what its worker had judged: 50 of 324 in one run).
    expect(report.requests).toBeGreaterThanOrEqual(answered);
    // Every answer breaks rules, so what was judged fails the run. On a loaded machine the worker
    // may have judged none of them before the stop (seen twice, with other test runs on both
    // cores): the run is then inconclusive, and the report counts every answer it did not judge.
    const notJudged = report.phases?.find((p) => p.name === 'not judged')?.requests ?? 0;
    expect(['fail', 'inconclusive']).toContain(report.summary.verdict);
    if (report.summary.verdict === 'inconclusive') expect(notJudged).toBeGreaterThan(0);
  });
});
