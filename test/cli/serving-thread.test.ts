/**
 * The mock's serving thread (cli/serving-thread.ts, issue 33): what the main thread relays
 * (which command lines get a thread: serving-thread-args.test.ts). Fixtures stand in for
 * cli/main.js, so each property is seen alone: the heap flags reach the thread's heap, output keeps its order across stdout and stderr, the
 * exit code comes through, and a stop signal stops the thread cleanly once it can stop (before
 * that, it takes node's default action).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = (file: string): string => pathToFileURL(join(process.cwd(), 'dist', 'cli', file)).href;
const dir = mkdtempSync(join(tmpdir(), 'serving-thread-'));

/** Writes a fixture entry for the thread and returns its URL. */
function fixture(name: string, body: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, `import { isServingThread, relayOutput } from '${dist('serving-thread.js')}';\nif (isServingThread()) relayOutput();\n${body}\n`);
  return pathToFileURL(path).href;
}

/** Starts `entry` in a serving thread the way cli/bin.js does, stdout and stderr into one file. */
function startThread(entry: string, out: string): ChildProcess {
  const fd = openSync(out, 'w');
  // A driver file, not `--input-type=module -e`: the thread inherits node's flags, and that one refuses a file entry.
  const driver = join(dir, `driver-${new URL(entry).pathname.split('/').pop() ?? ''}`);
  writeFileSync(driver, `import { serveFromThread } from '${dist('serving-thread.js')}';\nserveFromThread(new URL(${JSON.stringify(entry)}), []);\n`);
  const child = spawn(process.execPath, [driver], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return child;
}

const ended = (child: ChildProcess): Promise<{ code: number | null; signal: string | null }> => new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));

async function printed(out: string, text: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (readFileSync(out, 'utf8').includes(text)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never printed ${text}: ${readFileSync(out, 'utf8')}`);
}

describe('serveFromThread', () => {
  const heap = fixture(
    'heap',
    `import { getHeapSpaceStatistics } from 'node:v8';
const semi = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size;
process.stderr.write('first\\n');
process.stderr.write('second\\n');
process.stdout.write('third\\n');
process.stdout.write(\`semi-space \${semi}\\n\`);
process.exit(3);`,
  );

  it("creates the thread's heap with the serving flags, keeps the order of stdout and stderr, and ends with the thread's exit code", async () => {
    const out = join(dir, 'heap.out');
    const { code } = await ended(startThread(heap, out));
    expect(code).toBe(3);
    expect(readFileSync(out, 'utf8')).toBe(`first\nsecond\nthird\nsemi-space ${16 * 1024 * 1024}\n`);
  });

  it('the same entry on a main thread has node’s default young generation (what the flags change)', async () => {
    const out = join(dir, 'heap-main.out');
    const fd = openSync(out, 'w');
    const child = spawn(process.execPath, [new URL(heap).pathname], { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    expect((await ended(child)).code).toBe(3);
    expect(readFileSync(out, 'utf8')).not.toContain(`semi-space ${16 * 1024 * 1024}`);
  });

  it('a stop signal reaches a thread that can stop: it stops cleanly, exit 0', async () => {
    const entry = fixture(
      'stoppable',
      `import { onStopSignals } from '${dist('signals.js')}';
onStopSignals(() => { process.stdout.write('stopped\\n'); process.exit(0); }, 'once');
process.stdout.write('ready\\n');
setInterval(() => undefined, 1000);`,
    );
    const out = join(dir, 'stoppable.out');
    const child = startThread(entry, out);
    await printed(out, 'ready');
    // "ready" is written after the thread said it can stop, on the same port: the main thread knows it by now.
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: 0, signal: null });
    expect(readFileSync(out, 'utf8')).toBe('ready\nstopped\n');
  });

  it('a second stop signal, while the thread is still stopping, ends the process as node would', async () => {
    const entry = fixture(
      'slow-stop',
      `import { onStopSignals } from '${dist('signals.js')}';
onStopSignals(() => process.stdout.write('stopping\\n'), 'once');
process.stdout.write('ready\\n');
setInterval(() => undefined, 1000);`,
    );
    const out = join(dir, 'slow-stop.out');
    const child = startThread(entry, out);
    await printed(out, 'ready');
    child.kill('SIGTERM');
    await printed(out, 'stopping');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('a stop signal while the thread holds them (a world snapshot being written) waits until the write has ended', async () => {
    const entry = fixture(
      'holding',
      `import { withStopSignalsHeld } from '${dist('signals.js')}';
withStopSignalsHeld(() => {
  process.stdout.write('holding\\n');
  const end = Date.now() + 1500;
  while (Date.now() < end);
  process.stdout.write('written\\n');
});
setInterval(() => undefined, 1000);`,
    );
    const out = join(dir, 'holding.out');
    const child = startThread(entry, out);
    await printed(out, 'holding');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(readFileSync(out, 'utf8')).toBe('holding\nwritten\n');
  });

  it('before the thread can stop (the world is still being built), a stop signal ends the process as node would', async () => {
    const entry = fixture('busy', `process.stdout.write('ready\\n');\nsetInterval(() => undefined, 1000);`);
    const out = join(dir, 'busy.out');
    const child = startThread(entry, out);
    await printed(out, 'ready');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
