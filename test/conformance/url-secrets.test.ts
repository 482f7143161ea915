/**
 * One way to print a URL or a secret (issue 29, docs/threat-model.md class S). No output of any
 * command holds a URL's password or a configured key: checked per output (stdout, stderr, JSON,
 * JUnit and HTML reports, HAR, certificate, baseline) for `--base-url http://stage:PASSWORD@host`,
 * for usage errors of every URL and key flag, and for the mock's banner. A server echoing a key in
 * two halves, in two members: neither half reaches the shared outputs; the HAR (evidence, 0600)
 * keeps the bytes except whole secrets.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printableUrl, urlSecrets, withoutUserinfo } from '../../contract/index.js';
import { Redactor, parseHeader, pieceLength, resolveConformanceOptions, CHECK_IDS, redactorFor } from '../../conformance/index.js';
import { runCli, listeningUrl } from '../helpers/cli.js';
import { listeningMock, listenLoopback, stopServer } from '../helpers/servers.js';
import { spawn } from 'node:child_process';
import { BIN } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'url-secrets-'));
const PASSWORD = 'Pa55-word-of-stage-7f3c';
const KEY = 'sk_live_9f8e7d6c5b4a3f2e1d0c';

/** Every file under a folder, as text. */
const filesOf = (folder: string): Map<string, string> => new Map(readdirSync(folder).map((f) => [f, readFileSync(join(folder, f), 'latin1')]));

describe('printableUrl, urlSecrets (contract/text.ts)', () => {
  it('removes userinfo and secret query values; keeps the rest as given', () => {
    expect(printableUrl('http://stage:PW@host:8080/base')).toBe('http://host:8080/base');
    expect(printableUrl('http://TOKEN@host')).toBe('http://host');
    expect(printableUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(printableUrl('https://h/x?api_key=abc&q=nike&Token=t')).toBe('https://h/x?api_key=[redacted]&q=nike&Token=[redacted]');
    expect(printableUrl('http://u:p@h:notaport')).toBe('http://h:notaport');
    expect(withoutUserinfo('got redis://u:pw@r:6379 and http://a@b')).toBe('got redis://r:6379 and http://b');
    expect(urlSecrets('http://stage:PW%21x@host')).toEqual(expect.arrayContaining(['PW%21x', 'PW!x', 'stage:PW!x']));
    expect(urlSecrets('http://TOKEN123@host')).toEqual(['TOKEN123']);
    expect(urlSecrets('http://host/?q=1')).toEqual([]);
  });

  // Outside attacker, round 4: a password holding `/`, `#` or `?` made the URL unparsable, and the usage error quoted it whole.
  it.each(['http://admin:s3cr/et@127.0.0.1:4410', 'http://admin:s3cr#et@127.0.0.1:4410', 'http://admin:s3cr?et@127.0.0.1:4410', 'http://admin:s3cr@et@127.0.0.1:44x10'])(
    'a --base-url that does not parse (%s) is refused without its password',
    (baseUrl) => {
      let message = '';
      try {
        resolveConformanceOptions({ baseUrl }, CHECK_IDS);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^--base-url/);
      expect(message).not.toMatch(/s3cr|et@/);
    },
  );

  it.each(['X-Token hdrSECRETvalue9876', 'Bad Name: hdrSECRETvalue9876', 'X-Token\thdrSECRETvalue9876'])('a malformed --header (%s) is refused without its value', (header) => {
    let message = '';
    try {
      parseHeader(header);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^--header must look like/);
    expect(message).not.toContain('hdrSECRET');
  });

  it('--base-url userinfo becomes Basic authentication, out of the URL', () => {
    const o = resolveConformanceOptions({ baseUrl: `http://stage:${PASSWORD}@127.0.0.1:1/` }, CHECK_IDS);
    expect(o.baseUrl).toBe('http://127.0.0.1:1');
    expect(o.basicAuth).toBe(`Basic ${Buffer.from(`stage:${PASSWORD}`).toString('base64')}`);
    const r = redactorFor({ headers: {}, baseUrl: `http://stage:${PASSWORD}@h`, basicAuth: o.basicAuth });
    expect(r.text(`x ${PASSWORD} ${o.basicAuth} y`)).not.toMatch(/Pa55|c3RhZ2U6/);
  });
});

describe('conformance --base-url http://stage:PASSWORD@host: no output holds the password (issue 29)', () => {
  let close: () => Promise<void>;
  let port: string;
  let res: Awaited<ReturnType<typeof runCli>>;
  const out = join(dir, 'run');
  beforeAll(async () => {
    const mock = await listeningMock({ keys: { [KEY]: 'Pro' } });
    close = mock.close;
    port = new URL(mock.url).port;
    res = await runCli([
      'conformance',
      '--base-url',
      `http://stage:${PASSWORD}@127.0.0.1:${port}`,
      '--api-key',
      KEY,
      '--checks',
      'envelope-data,premium-entitled',
      '--fuzz-requests',
      '0',
      '--max-requests',
      '60',
      '--report',
      `json=${join(out, 'r.json')}`,
      '--report',
      `junit=${join(out, 'r.xml')}`,
      '--report',
      `html=${join(out, 'r.html')}`,
      '--record',
      join(out, 'run.har'),
      '--certificate',
      join(out, 'cert.json'),
      '--write-baseline',
      join(out, 'baseline.json'),
    ]);
  }, 90_000);
  afterAll(() => close());

  it('the run happened and wrote every output', () => {
    expect([0, 1, 3]).toContain(res.code);
    expect([...filesOf(out).keys()].sort()).toEqual(['baseline.json', 'cert.json', 'r.html', 'r.json', 'r.xml', 'run.har']);
    expect(res.stderr).toContain(`Probing http://127.0.0.1:${port} ...`);
    expect(readFileSync(join(out, 'r.json'), 'utf8')).toContain(`http://127.0.0.1:${port}`);
  });

  it('per output: stdout, stderr and each file hold neither the password, nor the key, nor the Basic value', () => {
    const basic = Buffer.from(`stage:${PASSWORD}`).toString('base64');
    const outputs = new Map([...filesOf(out), ['stdout', res.stdout], ['stderr', res.stderr]]);
    for (const [name, text] of outputs) {
      expect(text.includes(PASSWORD), name).toBe(false);
      expect(text.includes(KEY), name).toBe(false);
      expect(text.includes(basic), name).toBe(false);
      expect(/stage:[^@\s]*@/.test(text), name).toBe(false);
    }
  });
});

describe('usage errors and banners print no password and no key (issue 29)', () => {
  it.each([
    [['mock', '--key', `${KEY}=Gold`], /tier "Gold" is unknown/],
    [['mock', '--key', KEY], /--key needs KEY=TIER/],
    [['mock', '--rate-limit-store', `redis://user:${PASSWORD}@`], /--rate-limit-store must be/],
    [['mock', '--public-url', `http://u:${PASSWORD}@h`, '--port', '0', '--products', '1'], /--public-url must hold no user, password/],
    [['conformance', '--base-url', `http://stage:${PASSWORD}@h:notaport`], /--base-url must be an absolute http\(s\) URL/],
    [['conformance', '--base-url', `http://127.0.0.1:1/?token=${PASSWORD}`], /--base-url takes no query/],
    [['proxy', '--upstream', `http://u:${PASSWORD}@127.0.0.1:1`, '--port', '0'], /--upstream must be an origin/],
  ])('%j exits 2 without the secret', async (args, message) => {
    const res = await runCli(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stdout + res.stderr).not.toContain(PASSWORD);
    expect(res.stdout + res.stderr).not.toContain(KEY);
  });

  it('the same from the environment (RESALE_KIT_MOCK_KEY)', async () => {
    const res = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'mock'], { env: { ...process.env, RESALE_KIT_MOCK_KEY: `${KEY}=Gold` }, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => (text += String(d)));
      child.stderr.on('data', (d) => (text += String(d)));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(res.code).toBe(2);
    expect(res.text).toMatch(/RESALE_KIT_MOCK_KEY/);
    expect(res.text).not.toContain(KEY);
  });

  it("the mock's banner shows a configured key only by its first characters and length", async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '5', '--key', `${KEY}=Pro`, '--key', 'demo-free=Free'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { out } = await listeningUrl(child, 30_000, 'API keys');
      expect(out).toContain(`sk_l… (${KEY.length} characters) (Pro)`);
      expect(out).toContain('demo-free (Free)');
      expect(out).not.toContain(KEY);
    } finally {
      child.kill();
    }
  }, 40_000);
});

describe('a key echoed in two halves, in two members (issue 29)', () => {
  const half = KEY.length >> 1;
  const [left, right] = [KEY.slice(0, half), KEY.slice(half)];
  let server: Server;
  let url: string;
  const out = join(dir, 'halves');
  let res: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    // Every answer echoes the key cut in two, in two members: a hostile or careless server.
    server = createServer((_req, r) => {
      r.writeHead(200, { 'content-type': 'application/json' });
      r.end(JSON.stringify({ data: [{ id: 1, first: left, second: right }], meta: { note: `${left}|${right}` } }));
    });
    url = await listenLoopback(server);
    res = await runCli([
      'conformance',
      '--base-url',
      url,
      '--api-key',
      KEY,
      '--checks',
      'envelope-data,response-schema',
      '--fuzz-requests',
      '0',
      '--max-requests',
      '30',
      '--report',
      `json=${join(out, 'r.json')}`,
      '--report',
      `junit=${join(out, 'r.xml')}`,
      '--report',
      `html=${join(out, 'r.html')}`,
      '--record',
      join(out, 'run.har'),
    ]);
  }, 90_000);
  afterAll(() => stopServer(server));

  it('the redactor with pieces removes each half; without, it keeps them (the decision)', () => {
    expect(pieceLength(KEY)).toBeLessThanOrEqual(left.length);
    const shared = new Redactor([KEY], [], { pieces: true });
    const recording = new Redactor([KEY]);
    const text = JSON.stringify({ first: left, second: right });
    expect(shared.text(text)).not.toContain(left);
    expect(shared.text(text)).not.toContain(right);
    expect(recording.text(text)).toBe(text);
    expect(recording.text(`x${KEY}x`)).toBe('x[redacted]x');
  });

  it('JSON, JUnit and HTML reports and the console hold neither half; the HAR keeps them (evidence, whole secrets only)', () => {
    expect([0, 1, 3]).toContain(res.code);
    const har = readFileSync(join(out, 'run.har'), 'utf8');
    // The premise: the server did echo the halves (the recording keeps its evidence).
    expect(har).toContain(left);
    expect(har).toContain(right);
    expect(har).not.toContain(KEY);
    for (const [name, text] of [...filesOf(out)]
      .filter(([f]) => f !== 'run.har')
      .concat([
        ['stdout', res.stdout],
        ['stderr', res.stderr],
      ])) {
      expect(text.includes(left), `${name} holds the first half`).toBe(false);
      expect(text.includes(right), `${name} holds the second half`).toBe(false);
    }
  });
});

describe('URLs that do not parse keep their secrets out too (outside attacker, findings 5 and 6)', () => {
  it.each([
    ['a password with a slash', 'http://stage:pa/ss-SECRET1@host:8080/v3', ['pa/ss-SECRET1', 'SECRET1']],
    ['a password with # and @', 'http://u:p#w@d-SECRET2@host/v3', ['SECRET2', 'p#w@d']],
    ['a bad port and a token', 'http://host:99999/v3?token=SECRET3&x=1', ['SECRET3']],
    ['an api_key, percent-encoded name', 'http://host:99999/?api%5Fkey=SECRET4', ['SECRET4']],
  ])('%s: printableUrl prints none of it', (_what, url, secrets) => {
    expect(() => new URL(url)).toThrow();
    const shown = printableUrl(url);
    for (const s of secrets) expect(shown).not.toContain(s);
    expect(shown).toMatch(/^http:\/\//);
  });

  it('a --public-url that does not parse is refused at start (exit 2), its token not printed', async () => {
    const r = await runCli(['mock', '--port', '0', '--public-url', 'http://mock.example:99999/?token=SECRET5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--public-url must be an absolute http:\/\/ or https:\/\/ URL/);
    expect(r.stderr + r.stdout).not.toContain('SECRET5');
  });
});
