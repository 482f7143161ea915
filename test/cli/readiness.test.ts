/**
 * Readiness for scripts: `resale-kit wait URL` (any server; exit 0 answered, 1 timed out, 2
 * usage) and `--ready-file` on `mock` and `proxy` (the URL, written once listening, removed at
 * stop). The background example of the docs as a script: start, wait, call, stop.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'readiness-'));
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** Polls until `path` holds a URL line (bounded: 60 s), returns it. */
async function readWhenThere(path: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (text.startsWith('http') && text.endsWith('\n')) return text.trim();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} never written`);
}

const exited = (child: ReturnType<typeof spawn>): Promise<number | null> => new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('resale-kit wait', () => {
  it('exits 0 once any server answers, whatever the status (a 404 proves it listens)', async () => {
    const server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const res = await runCli(['wait', `http://user:s3cret-pass@127.0.0.1:${port}/nothing`, '--timeout', '10']);
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(/answered 404 after \d+ ms/);
      expect(res.stdout + res.stderr).not.toContain('s3cret-pass');
    } finally {
      server.close();
    }
  });

  it('exits 1 with a clear line when nothing answers within the timeout', async () => {
    const res = await runCli(['wait', 'http://127.0.0.1:9/', '--timeout', '0.5', '--interval', '100']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('did not answer within 0.5 s');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });

  it.each([['ftp://127.0.0.1/'], ['not a url'], ['http://127.0.0.1:4010/ --timeout soon']])('exits 2 on a bad argument: %s', async (arg) => {
    const res = await runCli(['wait', ...arg.split(' ')]);
    expect(res.code).toBe(2);
  });

  it('prints no secret query value or password on success, timeout or a usage error (outside attacker, finding 7)', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const ok = await runCli(['wait', `http://127.0.0.1:${port}/?token=WAITTOKEN999&page=2`, '--timeout', '10']);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain(`http://127.0.0.1:${port}/?token=[redacted]&page=2 answered 200`);
      expect(ok.stdout + ok.stderr).not.toContain('WAITTOKEN999');
    } finally {
      server.close();
    }
    const late = await runCli(['wait', 'http://alice:PW1234@127.0.0.1:9/?token=WAITTOKEN999&api_key=WAITKEY777', '--timeout', '0.3', '--interval', '100']);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('http://127.0.0.1:9/?token=[redacted]&api_key=[redacted] did not answer');
    expect(late.stdout + late.stderr).not.toMatch(/WAITTOKEN999|WAITKEY777|PW1234/);
    const bad = await runCli(['wait', 'http://alice:PW1234@127.0.0.1:99999/?token=WAITTOKEN999']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('token=[redacted]');
    expect(bad.stdout + bad.stderr).not.toMatch(/WAITTOKEN999|PW1234/);
  });

  it('waits for a server that starts late', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const waiting = runCli(['wait', `http://127.0.0.1:${port}/`, '--timeout', '30', '--interval', '100']);
    setTimeout(() => server.listen(port, '127.0.0.1'), 1500);
    const res = await waiting;
    server.close();
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('answered 200');
  }, 40_000);
});

describe('--ready-file', () => {
  it('mock: the URL of --port 0 is written once listening, and removed at SIGTERM', async () => {
    const ready = join(dir, 'mock.url');
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '50', '--ready-file', ready], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const url = await readWhenThere(ready);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/v3/market_b/products?query=nike`, { headers: { authorization: 'demo-free' } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(existsSync(ready)).toBe(false);
  }, 60_000);

  it("npm start's script ends by exec'ing node: npm signals the shell it runs the script in, so `npm start &` then `kill $!` stops the mock (newcomer 2, finding 1: the mock kept serving)", async () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const start = pkg.scripts.start ?? '';
    expect(start).toMatch(/&& exec node dist\/cli\/bin\.js mock$/);
    // As npm runs it (`sh -c SCRIPT`, the build step here a no-op), and as npm passes on its SIGTERM: to the shell's PID.
    const ready = join(dir, 'npm-start.url');
    const script = `${start.replace('npm run -s build', 'true').replace('dist/cli/bin.js', JSON.stringify(BIN))} --port 0 --products 50 --ready-file ${JSON.stringify(ready)}`;
    const child = spawn('/bin/sh', ['-c', script], { stdio: 'ignore' });
    children.push(child);
    await readWhenThere(ready);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(existsSync(ready)).toBe(false);
  }, 60_000);

  it('proxy: the URL is written once listening', async () => {
    const ready = join(dir, 'proxy.url');
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--ready-file', ready], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    expect(await readWhenThere(ready)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    child.kill('SIGTERM');
    await exited(child);
    expect(existsSync(ready)).toBe(false);
  }, 60_000);

  // Outside attacker, finding 13: SIGHUP (the terminal or SSH session closed) ended both with no clean-up.
  it('mock and mock --workers 2: SIGHUP stops cleanly like SIGTERM (exit 0, ready file removed)', async () => {
    for (const extra of [[], ['--workers', '2']]) {
      const ready = join(dir, `hup-mock${extra.length}.url`);
      const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '50', '--ready-file', ready, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const url = await readWhenThere(ready);
      expect((await fetch(`${url}/`)).status).toBe(200);
      child.kill('SIGHUP');
      expect(await exited(child), extra.join(' ')).toBe(0);
      expect(existsSync(ready)).toBe(false);
    }
  }, 90_000);

  it('proxy: SIGHUP stops cleanly like SIGTERM (exit 0, ready file removed, reports written)', async () => {
    const ready = join(dir, 'hup-proxy.url');
    const report = join(dir, 'hup-proxy.json');
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--ready-file', ready, '--report', `json=${report}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const url = await readWhenThere(ready);
    expect((await fetch(`${url}/v3/market_a/products?query=x`)).status).toBe(502);
    child.kill('SIGHUP');
    expect(await exited(child)).toBe(0);
    expect(existsSync(ready)).toBe(false);
    expect(JSON.parse(readFileSync(report, 'utf8')).format).toBe('resale-kit-conformance/1');
  }, 60_000);

  it('a link planted at the ready file is refused (exit 2), never written through', async () => {
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'keep me\n');
    const ready = join(dir, 'linked.url');
    symlinkSync(target, ready);
    const res = await runCli(['mock', '--port', '0', '--products', '50', '--ready-file', ready]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--ready-file');
    expect(res.stderr).not.toMatch(/^\s+at /m);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  }, 60_000);

  // Outside attacker (round 4 probe), L4: an unrelated file at the ready-file path was replaced, then removed at stop.
  it.each([
    ['mock', ['mock', '--port', '0', '--products', '50']],
    ['proxy', ['proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0']],
  ])(
    '%s: an unrelated file at the ready-file path is refused at start (exit 2) and kept',
    async (name, args) => {
      const ready = join(dir, `unrelated-${name}.json`);
      writeFileSync(ready, '{"keep":"me"}\n');
      const res = await runCli([...args, '--ready-file', ready]);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/--ready-file: .* holds something other than a ready file's one URL line/);
      expect(res.stderr).toContain('remove it, or choose a path of its own');
      expect(readFileSync(ready, 'utf8')).toBe('{"keep":"me"}\n');
    },
    60_000,
  );

  it("a previous run's ready file (one URL line) is replaced, and an empty file too", async () => {
    for (const before of ['http://127.0.0.1:1234\n', '']) {
      const ready = join(dir, `stale-${before.length}.url`);
      writeFileSync(ready, before);
      const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '50', '--ready-file', ready], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let url = '';
      for (let i = 0; i < 600 && (url === '' || url === before.trim()); i++) {
        await new Promise((r) => setTimeout(r, 100));
        url = existsSync(ready) ? readFileSync(ready, 'utf8').trim() : '';
      }
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(url).not.toBe(before.trim());
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    }
  }, 90_000);

  it('a ready file that cannot be written: exit 2 with one line, no stack trace', async () => {
    const res = await runCli(['mock', '--port', '0', '--products', '50', '--ready-file', join(dir, 'no-such-dir', 'x.url')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--ready-file');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('timer flags beyond what a Node timer holds (outside attacker, finding 12)', () => {
  it.each([
    ['proxy', ['proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--timeout', '2147483648']],
    ['conformance', ['conformance', '--base-url', 'http://127.0.0.1:9', '--timeout', '3000000000']],
    ['wait', ['wait', 'http://127.0.0.1:9/', '--interval', '0']],
  ])('%s: refused at start (exit 2) with the allowed range', async (_name, args) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/must be a number of milliseconds from 1 to 2147483647/);
  });
});
