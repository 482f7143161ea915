/**
 * Secret query values never reach an output of the proxy (outside attacker, finding 1): a client
 * that sends `api_key=`, `token=` or `access_token=` in the query had them printed on the console,
 * in the JSON, HTML and JUnit reports and in the HAR. Every output goes through the one redactor,
 * which now replaces the values of query parameters named like secrets (contract/text.ts
 * SECRET_QUERY_NAMES) whatever keys the run knows.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redactor } from '../../conformance/index.js';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'secret-query-'));
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('secret query values', () => {
  it('the redactor replaces them with no key configured, and leaves other parameters', () => {
    const r = new Redactor([]);
    expect(r.text('GET http://h/v3/x?query=jordan&api_key=ABC123SECRET&token=T0KEN99&Access-Token=zz1&limit=1')).toBe('GET http://h/v3/x?query=jordan&api_key=[redacted]&token=[redacted]&Access-Token=[redacted]&limit=1');
  });

  it('proxy: console, JSON, HTML, JUnit and HAR hold none of them', async () => {
    const upstream = await listeningMock({ mutant: 'rank-as-string', seed: 'secret-query', products: 100 });
    closers.push(() => upstream.close());
    const files = { har: join(dir, 'p.har'), json: join(dir, 'p.json'), html: join(dir, 'p.html'), xml: join(dir, 'p.xml') };
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstream.url, '--port', '0', '--record', files.har, '--report', `json=${files.json}`, '--report', `html=${files.html}`, '--report', `junit=${files.xml}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const { url } = await listeningUrl(child);
    await fetch(`${url}/v3/market_a/products?query=jordan&limit=1&api_key=SUPERSECRETQUERYVALUE42&token=TOKENSECRET999999&access_token=ACCESSSECRET31337`, { headers: { authorization: 'Bearer demo-premium' } });
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGINT');
    await exited;
    const texts = [out, ...Object.values(files).map((f) => readFileSync(f, 'utf8'))];
    for (const t of texts) for (const secret of ['SUPERSECRETQUERYVALUE42', 'TOKENSECRET999999', 'ACCESSSECRET31337']) expect(t).not.toContain(secret);
    // The exchange is still there, with its other parameters.
    expect(readFileSync(files.har, 'utf8')).toContain('query=jordan');
  }, 60_000);
});
