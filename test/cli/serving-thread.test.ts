/**
 * The mock's serving thread (cli/serving-thread.ts, issue 33): what the main thread relays
 * (which command lines get a thread: serving-thread-args.test.ts). Fixtures stand in for
 * cli/main.js, so each property is seen alone: the heap flags reach the thread's heap, output keeps its order across stdout and stderr, the
 * exit code comes through, and a stop signal stops the thread cleanly once it can stop (before
 * that, it takes node's default action).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Every process a test starts, killed at the end (a test that fails, a signal lost, must not leave one running). */
const children: ChildProcess[] = [];
const track = (child: ChildProcess): ChildProcess => {
  children.push(child);
  return child;
};
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const dist = (file: string): string => pathToFileURL(join(process.cwd(), 'dist', 'cli', file)).href;
const dir = mkdtempSync(join(tmpdir(), 'serving-thread-'));

/** Writes a fixture entry for the thread and returns its URL. */
function fixture(name: string, body: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, `import { isServingThread, relayOutput } from '${dist('serving-thread.js')}';\nif (isServingThread()) relayOutput();\n${body}\n`);
  return pathToFileURL(path).href;
}

/**
 * Starts `entry` in a serving thread the way cli/bin.js does, stdout and stderr into one file
 * (stdout into `stdout` when given). `before`: code the driver runs first (on the main thread).
 */
function startThread(entry: string, out: string, o: { stdout?: string; before?: string; nodeFlags?: string[] } = {}): ChildProcess {
  const fd = openSync(out, 'w');
  const stdoutFd = o.stdout === undefined ? fd : openSync(o.stdout, 'w');
  // A driver file, not `--input-type=module -e`: the thread inherits node's flags, and that one refuses a file entry.
  const driver = join(dir, `driver-${new URL(entry).pathname.split('/').pop() ?? ''}`);
  writeFileSync(driver, `${o.before ?? ''}\nimport { serveFromThread } from '${dist('serving-thread.js')}';\nserveFromThread(new URL(${JSON.stringify(entry)}), []);\n`);
  const child = track(spawn(process.execPath, [...(o.nodeFlags ?? []), driver], { stdio: ['ignore', stdoutFd, fd] }));
  closeSync(fd);
  if (stdoutFd !== fd) closeSync(stdoutFd);
  return child;
}

/** Starts node with `args` on its main thread (no serving thread), stdout and stderr into `out`. */
function startMain(args: string[], out: string): ChildProcess {
  const fd = openSync(out, 'w');
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', fd, fd] }));
  closeSync(fd);
  return child;
}

/** A write of a world snapshot as the tests see it: 1.5 s with the stop signals held, "holding" before and "written" after. */
const HELD_WRITE = `import { withStopSignalsHeld } from '${dist('signals.js')}';
withStopSignalsHeld(() => {
  process.stdout.write('holding\\n');
  const end = Date.now() + 1500;
  while (Date.now() < end);
  process.stdout.write('written\\n');
});`;

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
    const child = startMain([new URL(heap).pathname], out);
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
    const entry = fixture('holding', `${HELD_WRITE}\nsetInterval(() => undefined, 1000);`);
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

  // Attacker 9 (the fixes of stop 47): what the main thread does when it ends the process itself, and what the thread sees of it.

  /** A fixture that writes a ready file (cli/own-files.ts keeps it), says "ready", then does `then`. */
  const ownsFile = (name: string, then: string): { entry: string; file: string } => {
    const file = join(dir, `${name}.url`);
    const entry = fixture(
      name,
      `import { writeFileSync } from 'node:fs';
import { ownFile } from '${dist('own-files.js')}';
import { onStopSignals } from '${dist('signals.js')}';
writeFileSync(${JSON.stringify(file)}, 'http://127.0.0.1:1\\n');
ownFile(${JSON.stringify(file)}, 'http://127.0.0.1:1\\n');
onStopSignals(() => process.stderr.write('stopping\\n'), 'once');
process.stderr.write('ready\\n');
${then}`,
    );
    return { entry, file };
  };

  it('a second signal ends the process as node would, and the ready file the thread wrote goes with it', async () => {
    const { entry, file } = ownsFile('second-signal', 'setInterval(() => undefined, 1000);');
    const out = join(dir, 'second-signal.out');
    const child = startThread(entry, out);
    await printed(out, 'ready');
    expect(existsSync(file)).toBe(true);
    child.kill('SIGTERM');
    await printed(out, 'stopping');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(existsSync(file)).toBe(false);
  });

  it('an output the main thread cannot write (> /dev/full) ends the process with exit 2, and the ready file goes with it', async () => {
    const { entry, file } = ownsFile('full', `setInterval(() => process.stdout.write('x'.repeat(1000)), 20);`);
    const out = join(dir, 'full.out');
    const child = startThread(entry, out, { stdout: '/dev/full' });
    expect(await ended(child)).toEqual({ code: 2, signal: null });
    expect(readFileSync(out, 'utf8')).toContain('error: cannot write the output (ENOSPC)');
    expect(existsSync(file)).toBe(false);
  });

  it("the thread's help text wraps at the main thread's terminal width", async () => {
    const entry = fixture('columns', `process.stdout.write(\`\${process.stdout.isTTY} \${process.stdout.columns}\\n\`);`);
    const out = join(dir, 'columns.out');
    const child = startThread(entry, out, { before: `Object.assign(process.stdout, { isTTY: true, columns: 150 });` });
    expect((await ended(child)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('true 150\n');
  });

  it('a thread out of heap memory ends the process with 134, as node on the main thread, and says so', async () => {
    const entry = fixture('oom', `const kept = [];\nfor (;;) kept.push(new Array(100_000).fill(kept.length));`);
    const out = join(dir, 'oom.out');
    const child = startThread(entry, out, { nodeFlags: ['--max-old-space-size=32'] });
    expect(await ended(child)).toEqual({ code: 134, signal: null });
    expect(readFileSync(out, 'utf8')).toContain('FATAL ERROR: the mock ran out of JavaScript heap memory');
  });
});

describe('withStopSignalsHeld on the main thread (a mock of --workers N writes its snapshot there)', () => {
  it('a stop signal during the write is acted on once the write has ended (attacker 9, finding 1: it was lost, and the server served)', async () => {
    const path = join(dir, 'held-main.mjs');
    writeFileSync(path, `${HELD_WRITE}\nsetTimeout(() => process.stdout.write('served\\n'), 1000);\nsetInterval(() => undefined, 1000);`);
    const out = join(dir, 'held-main.out');
    const child = startMain([path], out);
    await printed(out, 'holding');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(readFileSync(out, 'utf8')).toBe('holding\nwritten\n');
  });
});

describe('the ready file on the main thread', () => {
  it('is removed however the process ends (here process.exit(2), as on an output error)', async () => {
    const file = join(dir, 'main-exit.url');
    const path = join(dir, 'main-exit.mjs');
    writeFileSync(path, `import { writeReadyFile } from '${dist('ready-file.js')}';\nwriteReadyFile(${JSON.stringify(file)}, 'http://127.0.0.1:1');\nprocess.exit(2);`);
    const child = track(spawn(process.execPath, [path], { stdio: 'ignore' }));
    expect(await ended(child)).toEqual({ code: 2, signal: null });
    expect(existsSync(file)).toBe(false);
  });
});

describe('resale-kit mock under node’s permission model', () => {
  it('serves on the main thread when no thread may be started (attacker 9, finding 7: a stack trace and exit 1)', async () => {
    const out = join(dir, 'permission.out');
    const child = startMain(['--experimental-permission', '--allow-fs-read=*', join(process.cwd(), 'dist', 'cli', 'bin.js'), 'mock', '--products', '50', '--port', '0'], out);
    await printed(out, 'resale-kit mock listening on');
    child.kill('SIGTERM');
    expect(await ended(child)).toEqual({ code: 0, signal: null });
    expect(readFileSync(out, 'utf8')).not.toContain('Error');
  });
});
