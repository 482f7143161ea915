/**
 * The streaming recorder (traffic/recorder.ts) on its own:
 * - the file parses as HAR 1.2 after every flush, with every entry recorded so far;
 * - entries are appended: a flush writes only the new entries (bytes written grow with the
 *   entries, not with the square of them), and closing writes only what is pending;
 * - `maxBytes` rotates: run.har, run.1.har, ... each valid, together every entry, in order;
 * - a child process recording at full speed, killed with SIGKILL, leaves files that all parse
 *   and lose at most the last second of exchanges.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../conformance/index.js';
import { createRecorder, partPath, type Har, type RecordedExchange } from '../../traffic/index.js';
import { runCli } from '../helpers/cli.js';

const tmp = (name: string): string => join(mkdtempSync(join(tmpdir(), 'recorder-')), name);
const exchange = (i: number, body = `{"data":[{"id":${i}}]}`): RecordedExchange => ({
  startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)),
  method: 'GET',
  url: `http://127.0.0.1:4010/v3/market_a/products?page=${i}`,
  requestRawHeaders: ['Host', '127.0.0.1:4010', 'Authorization', 'Bearer REC-KEY-000000000001'],
  status: 200,
  statusText: 'OK',
  responseRawHeaders: ['Content-Type', 'application/json'],
  body: Buffer.from(body),
  ms: 3,
});
const parse = (path: string): Har => JSON.parse(readFileSync(path, 'utf8')) as Har;
const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('createRecorder', () => {
  it('the file is a valid HAR from the start, and after every flush holds every entry so far', async () => {
    const path = tmp('run.har');
    const rec = createRecorder({ path, redactor: new Redactor(['REC-KEY-000000000001']), version: '9.9.9', flushMs: 20 });
    expect(parse(path).log.entries).toEqual([]);
    expect(parse(path).log.version).toBe('1.2');
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 50; i++) rec.record(exchange(round * 100 + i));
      await settle(40);
      await rec.sync();
      const har = parse(path);
      expect(har.log.entries.length).toBe(round * 50);
      expect(har.log.entries.at(-1)?.request.url).toContain(`page=${round * 100 + 49}`);
    }
    await rec.close();
    const har = parse(path);
    expect(har.log.creator).toEqual({ name: 'resale-kit', version: '9.9.9' });
    expect(har.log._resaleKit.salt).toMatch(/^[0-9a-f]{32}$/);
    const first = har.log.entries[0];
    expect(first?.request.headers).toContainEqual({ name: 'Authorization', value: '[redacted]' });
    expect(first?._resaleKit?.caller).toMatch(/^[0-9a-f]{16}$/);
    expect(first?._resaleKit?.redactions).toEqual([{ in: 'request.headers', name: 'Authorization' }]);
    expect(readFileSync(path, 'utf8')).not.toContain('REC-KEY-000000000001');
    // The spool the writer process reads is gone once the recording is closed.
    expect(existsSync(`${path}.spool`)).toBe(false);
  });

  it('appends: bytes written grow linearly with the entries, and closing writes only what is pending', async () => {
    const path = tmp('linear.har');
    const rec = createRecorder({ path, redactor: new Redactor([]), flushMs: 20 });
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 2000; i++) rec.record(exchange(i));
      await settle(40);
      await rec.sync();
      sizes.push(rec.stats().bytes);
    }
    const fileBefore = statSync(path).size;
    const writtenBefore = rec.stats().bytes;
    rec.record(exchange(1));
    await rec.close();
    // Close wrote one entry (and the closing bytes), not the file again.
    expect(rec.stats().bytes - writtenBefore).toBeLessThan(2000);
    expect(statSync(path).size - fileBefore).toBeLessThan(2000);
    expect(parse(path).log.entries.length).toBe(8001);
    // Total bytes written equal the file size (nothing re-written), up to the closing bytes of each write.
    expect(rec.stats().bytes).toBeLessThan(statSync(path).size * 1.05);
    expect(sizes.every((s, i) => i === 0 || s >= (sizes[i - 1] as number))).toBe(true);
  });

  it('maxBytes rotates: each file valid, under the limit, together every entry in order', async () => {
    const path = tmp('rot.har');
    const rec = createRecorder({ path, maxBytes: 20_000, redactor: new Redactor([]), flushMs: 10 });
    for (let i = 0; i < 300; i++) {
      rec.record(exchange(i));
      if (i % 40 === 0) await settle(15);
    }
    await rec.close();
    expect(rec.files.length).toBeGreaterThan(3);
    expect(rec.files[0]).toBe(path);
    expect(rec.files[1]).toBe(partPath(path, 1));
    expect(partPath(path, 2)).toMatch(/rot\.2\.har$/);
    const pages: number[] = [];
    const salts = new Set<string>();
    rec.files.forEach((file, part) => {
      expect(statSync(file).size).toBeLessThanOrEqual(20_000);
      const har = parse(file);
      expect(har.log._resaleKit.part).toBe(part);
      salts.add(har.log._resaleKit.salt);
      for (const e of har.log.entries) {
        pages.push(Number(new URL(e.request.url).searchParams.get('page')));
        // Each entry's number in the whole recording, across the files.
        expect(e._resaleKit?.index).toBe(pages.length - 1);
      }
    });
    expect(salts.size).toBe(1);
    expect(pages).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(existsSync(partPath(path, rec.files.length))).toBe(false);
    // A new recording to the same path removes the earlier parts: nothing stale is read with it.
    const again = createRecorder({ path, redactor: new Redactor([]) });
    await again.close();
    expect(existsSync(partPath(path, 1))).toBe(false);
    expect(parse(path).log.entries).toEqual([]);
  });

  it('an entry larger than maxBytes goes whole into a file of its own', async () => {
    const path = tmp('big.har');
    const rec = createRecorder({ path, maxBytes: 5_000, redactor: new Redactor([]) });
    rec.record(exchange(0));
    rec.record(exchange(1, JSON.stringify({ data: 'x'.repeat(20_000) })));
    rec.record(exchange(2));
    await rec.close();
    expect(rec.files.map((f) => parse(f).log.entries.length)).toEqual([1, 1, 1]);
  });

  it('when writing falls 16 MiB behind, exchanges are counted as not recorded and said once; memory and closing stay bounded', async () => {
    const path = tmp('behind.har');
    const notes: string[] = [];
    const rec = createRecorder({ path, redactor: new Redactor([]), onError: (m) => notes.push(m) });
    const big = JSON.stringify({ data: 'x'.repeat(200_000) });
    // A loop that never yields: nothing can be written meanwhile.
    for (let i = 0; i < 150; i++) rec.record(exchange(i, big));
    const { entries, dropped } = rec.stats();
    expect(dropped).toBeGreaterThan(0);
    expect(entries + dropped).toBe(150);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/falls behind the traffic/);
    await rec.close();
    expect(parse(path).log.entries.length).toBe(entries);
  });

  it('a file that cannot be created is a clear error', () => {
    expect(() => createRecorder({ path: '/nonexistent-dir/x.har', redactor: new Redactor([]) })).toThrow(/cannot write the recording \/nonexistent-dir\/x\.har/);
  });

  it('kill -9 while recording at full speed: every file parses, at most the last second is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recorder-kill-'));
    const path = join(dir, 'killed.har');
    const module = fileURLToPath(new URL('../../dist/traffic/index.js', import.meta.url));
    const suite = fileURLToPath(new URL('../../dist/conformance/index.js', import.meta.url));
    // The child records as fast as it can and prints, each 100 ms, how many exchanges it has
    // offered, the time, and how many the recorder dropped (counted and said) because the disk
    // fell more than its bound behind: on a loaded machine the writer may lag, and a drop is not a loss.
    const script = `
      const { createRecorder } = await import(${JSON.stringify(module)});
      const { Redactor } = await import(${JSON.stringify(suite)});
      const rec = createRecorder({ path: ${JSON.stringify(path)}, maxBytes: 400000, redactor: new Redactor(['KILL-KEY-123456789']) });
      let n = 0;
      const started = Date.now();
      const log = () => process.stdout.write(n + ' ' + (Date.now() - started) + ' ' + rec.stats().dropped + '\\n');
      setInterval(log, 100);
      const burst = () => {
        for (let i = 0; i < 200; i++, n++) rec.record({ startedAt: new Date(), method: 'GET', url: 'http://x/v3/market_a/products?n=' + n, requestRawHeaders: ['Authorization', 'KILL-KEY-123456789'], status: 200, statusText: 'OK', responseRawHeaders: ['Content-Type', 'application/json'], body: Buffer.from('{"data":[' + n + ']}'), ms: 1 });
        setImmediate(burst);
      };
      burst();
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        const last = out.trim().split('\n').at(-1)?.split(' ');
        if (last && Number(last[1]) > 1500) {
          clearInterval(t);
          resolve();
        }
      }, 20);
    });
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    // The writer process finishes what it was sent (it is not the process killed): wait until it has.
    const parsesAll = (): boolean => {
      try {
        for (let p = 0; existsSync(partPath(path, p)); p++) parse(partPath(path, p));
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; waited < 5000 && !parsesAll(); waited += 50) await settle(50);
    const lines = out.trim().split('\n');
    // The count printed about a second before the kill: all of those must be on disk.
    const killedAt = Number(lines.at(-1)?.split(' ')[1]);
    const secondBefore = lines.map((l) => l.split(' ').map(Number)).filter(([, t]) => (t as number) <= killedAt - 1000);
    const [offered = 0, , droppedThen = 0] = secondBefore.at(-1) ?? [];
    const droppedAtKill = Number(lines.at(-1)?.split(' ')[2] ?? 0);
    const mustHave = offered - droppedThen;
    let recorded = 0;
    let part = 0;
    let last = -1;
    let gaps = 0;
    while (existsSync(partPath(path, part))) {
      const har = parse(partPath(path, part));
      for (const e of har.log.entries) {
        const n = Number(new URL(e.request.url).searchParams.get('n'));
        expect(n).toBeGreaterThan(last);
        gaps += n - last - 1;
        last = n;
      }
      recorded += har.log.entries.length;
      part++;
    }
    // Entries are in order; whatever is missing before the last one was dropped, and counted.
    expect(gaps).toBeLessThanOrEqual(droppedAtKill);
    expect(part).toBeGreaterThan(1);
    expect(mustHave).toBeGreaterThan(0);
    expect(recorded).toBeGreaterThanOrEqual(mustHave);
    for (let p = 0; p < part; p++) expect(readFileSync(partPath(path, p), 'utf8')).not.toContain('KILL-KEY-123456789');
  }, 20_000);
});

describe('resale-kit proxy --record-max-bytes', () => {
  it('a size that is not one, and a recording that cannot be created: exit 2 with the reason', async () => {
    const bad = await runCli(['proxy', '--upstream', 'http://127.0.0.1:9', '--record', tmp('x.har'), '--record-max-bytes', '12Q']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--record-max-bytes must be a size in bytes such as 1048576, 512K, 64M or 2G, got "12Q"');
    const nowhere = await runCli(['proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--record', '/nonexistent-dir/x.har']);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/^error: cannot write the recording \/nonexistent-dir\/x\.har: .*writable\?$/m);
  });
});
