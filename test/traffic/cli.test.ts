/**
 * The traffic commands as a user runs them: `resale-kit proxy --record --report`, a conformance
 * run through it, SIGTERM (the recording complete and the report written), then the recording
 * served by `resale-kit mock --replay` and judged by `resale-kit conformance --from-har`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl, runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const KEY = 'PAID-CLI-91ab7c3d';
let upstream: Awaited<ReturnType<typeof listeningMock>>;
afterAll(async () => upstream?.close());

const exitOf = (child: ReturnType<typeof spawn>): Promise<number | null> => new Promise((r) => child.on('exit', (code) => r(code)));

describe('resale-kit proxy, mock --replay, conformance --from-har', () => {
  it('records a run, then replays and judges it offline', async () => {
    upstream = await listeningMock({ keys: { [KEY]: 'Pro', 'free-cli-key': 'Free' } });
    const dir = mkdtempSync(join(tmpdir(), 'traffic-cli-'));
    const har = join(dir, 'run.har');
    const report = join(dir, 'proxy.json');
    const proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstream.url, '--port', '0', '--record', har, '--report', `json=${report}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    const { url } = await listeningUrl(proxy, 30_000);
    const judged = await runCli(['conformance', '--base-url', url, '--api-key', KEY, '--free-key', 'free-cli-key', '--rate-limit', '0']);
    expect(judged.code).toBe(0);
    const exited = exitOf(proxy);
    proxy.kill('SIGTERM');
    expect(await exited).toBe(0);
    const recording = JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } };
    expect(recording.log.entries.length).toBeGreaterThan(100);
    expect(JSON.parse(readFileSync(report, 'utf8')).summary.mustFailed).toBe(0);
    for (const text of [readFileSync(har, 'utf8'), readFileSync(report, 'utf8')]) expect(text).not.toContain(KEY);

    const replay = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--replay', har, '--key', `${KEY}=Pro`, '--key', 'free-cli-key=Free'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const served = await listeningUrl(replay, 30_000);
      const again = await runCli(['conformance', '--base-url', served.url, '--api-key', KEY, '--free-key', 'free-cli-key', '--rate-limit', '0']);
      expect(again.stdout).toMatch(/^PASS: /m);
      expect(again.code).toBe(0);
    } finally {
      replay.kill('SIGTERM');
    }

    const offline = await runCli(['conformance', '--from-har', har, '--api-key', KEY, '--free-key', 'free-cli-key']);
    expect(offline.stdout).toMatch(/^PASS: /m);
    expect(offline.code).toBe(0);
  }, 120_000);

  // Newcomer probe (round 4): a run's own --record, judged offline, failed auth-forms and same-request-same-answer (the
  // key's bare and Bearer requests were recorded as without a key, so they replayed the 401 of the request without one).
  it("conformance --record, then --from-har --strict: the live run's findings, exit 0", async () => {
    upstream ??= await listeningMock({ keys: { [KEY]: 'Pro', 'free-cli-key': 'Free' } });
    const dir = mkdtempSync(join(tmpdir(), 'traffic-cli-'));
    const har = join(dir, 'own.har');
    const live = await runCli(['conformance', '--base-url', upstream.url, '--api-key', KEY, '--free-key', 'free-cli-key', '--rate-limit', '0', '--record', har]);
    expect(live.code).toBe(0);
    const offline = await runCli(['conformance', '--from-har', har, '--api-key', KEY, '--free-key', 'free-cli-key', '--strict']);
    expect(offline.stdout).toMatch(/^PASS: \d+ passed, 0 failed/m);
    expect(offline.code).toBe(0);
  }, 180_000);

  it('--upstream is required; a bad recording is a usage error', async () => {
    expect((await runCli(['proxy'])).code).toBe(2);
    const res = await runCli(['conformance', '--from-har', '/nonexistent/run.har']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/cannot read the recording/);
  });
});
