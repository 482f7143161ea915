/**
 * Two outputs of one command never name the same file (outside attacker, finding 9): before, the
 * proxy's report replaced its recording at exit (exit 0), and conformance wrote four "wrote ..."
 * lines for one file. Now both refuse at start, exit 2, naming the two flags; nothing is written.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lchownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { distinctOutputs } from '../../cli/outputs.js';
import { BIN, type Finished } from '../helpers/cli.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'outputs-'));

describe('distinct outputs', () => {
  it('distinctOutputs: the same file by two spellings is refused; different files and absent ones pass', () => {
    expect(() =>
      distinctOutputs([
        ['--record', join(dir, 'a.har')],
        ['--report json=', join(dir, '.', 'a.har')],
      ]),
    ).toThrow(/--record and --report json= name the same file/);
    expect(() =>
      distinctOutputs([
        ['--record', join(dir, 'a.har')],
        ['--report json=', join(dir, 'b.json')],
        ['--certificate', undefined],
      ]),
    ).not.toThrow();
  });

  it('proxy --record X --report json=X: exit 2, nothing written', async () => {
    const file = join(dir, 'session.har');
    const r = await runCli(['proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--record', file, '--report', `json=${file}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--record and --report json= name the same file/);
    expect(existsSync(file)).toBe(false);
  });

  it('conformance --report json=X --report html=X: exit 2 before any request', async () => {
    const file = join(dir, 'report.out');
    const r = await runCli(['conformance', '--base-url', 'http://127.0.0.1:9', '--report', `json=${file}`, '--report', `html=${file}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--report json= and --report html= name the same file/);
    expect(existsSync(file)).toBe(false);
  });
});

/** Outside attacker, round 4: an output naming one of the command's inputs replaced it (exit 0). Each is now refused at start, exit 2, the input unchanged. */
describe('an output never names an input', () => {
  const keep = (name: string, text: string): string => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  it('distinctOutputs: an output that is an input (by path or by a hard link) is refused', () => {
    const input = keep('in.har', '{}');
    expect(() => distinctOutputs([['--report json=', input]], [['--from-har', input]])).toThrow(/--report json= and --from-har name the same file/);
    const linked = join(dir, 'linked.har');
    linkSync(input, linked);
    expect(() => distinctOutputs([['--drift', linked]], [['--from-har', input]])).toThrow(/--drift and --from-har name the same file/);
    expect(() =>
      distinctOutputs(
        [['--drift', join(dir, 'other.yaml')]],
        [
          ['--from-har', input],
          ['--baseline', undefined],
        ],
      ),
    ).not.toThrow();
  });

  const OLD = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
  it.each([
    [
      'conformance --certificate K --sign-key K',
      (f: string) => ['conformance', '--base-url', 'http://127.0.0.1:9', '--certificate', f, '--sign-key', f],
      '--certificate and --sign-key',
      '-----BEGIN PRIVATE KEY-----\nnot really\n-----END PRIVATE KEY-----\n',
    ],
    ['conformance --from-har H --report json=H', (f: string) => ['conformance', '--from-har', f, '--report', `json=${f}`], '--report json= and --from-har', '{"log":{"entries":[]}}'],
    ['diff OLD NEW --json NEW', (f: string) => ['diff', OLD, f, '--json', f], '--json and NEW', readFileSync(OLD, 'utf8')],
    ['diff OLD NEW --markdown C --changelog C', (f: string) => ['diff', OLD, OLD, '--markdown', f, '--changelog', f], '--markdown and --changelog', '# Changelog\n'],
    ['mock --ready-file D --data D', (f: string) => ['mock', '--ready-file', f, '--data', f, '--port', '0'], '--ready-file and --data', 'products: []\n'],
  ])('%s: exit 2, the input unchanged', async (name, args, flags, text) => {
    const file = keep(`${name.replace(/\W+/g, '-')}.in`, text);
    const r = await runCli(args(file));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${flags} name the same file`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('an output whose folder is a file (outside attacker, finding 20)', () => {
  it('conformance --report json=FILE/x.json: exit 2 with one line before any request, no stack trace', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'x');
    const r = await runCli(['conformance', '--base-url', 'http://127.0.0.1:9', '--report', `json=${join(file, 'x.json')}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not a folder, so the file cannot be written there/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('writeFileSafely itself refuses with a UsageError (never an uncaught EEXIST)', async () => {
    const { writeFileSafely, UsageError, SHARED } = await import('../../conformance/index.js');
    const file = join(dir, 'another-file');
    writeFileSync(file, 'x');
    expect(() => writeFileSafely(join(file, 'deeper', 'r.json'), '{}', { mode: SHARED, flag: '--report' })).toThrow(UsageError);
  });
});

describe('a symbolic link among the folders of an output (outside attacker, finding 17)', () => {
  /** `shared/` a folder anybody may write (0777, not sticky), `victim/` holding a file of its own, and `shared/reports -> victim`. */
  const planted = (): { shared: string; victim: string; kept: string } => {
    const root = mkdtempSync(join(tmpdir(), 'links-'));
    const shared = join(root, 'shared');
    const victim = join(root, 'victim');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    mkdirSync(victim);
    const kept = join(victim, 'report.json');
    writeFileSync(kept, "victim's own file");
    symlinkSync(victim, join(shared, 'reports'));
    return { shared, victim, kept };
  };

  it('conformance --report json=SHARED/reports/report.json: exit 2 before any request, the file the link reaches is untouched', async () => {
    const { shared, kept } = planted();
    const r = await runCli(['conformance', '--base-url', 'http://127.0.0.1:9', '--report', `json=${join(shared, 'reports', 'report.json')}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symbolic link that stands in .*a folder anybody may write; the kit does not follow it/);
    expect(readFileSync(kept, 'utf8')).toBe("victim's own file");
  });

  it('writeFileSafely refuses a link in a folder anybody may write, and one owned by another user; follows the user’s own link', async () => {
    const { writeFileSafely, UsageError, SHARED } = await import('../../conformance/index.js');
    const { shared, victim, kept } = planted();
    expect(() => writeFileSafely(join(shared, 'reports', 'report.json'), 'x', { mode: SHARED, flag: '--report' })).toThrow(UsageError);
    expect(readFileSync(kept, 'utf8')).toBe("victim's own file");
    // The user's own link, in a folder only they write: followed (a convenience link such as ~/reports).
    const own = mkdtempSync(join(tmpdir(), 'own-'));
    symlinkSync(victim, join(own, 'reports'));
    writeFileSafely(join(own, 'reports', 'other.json'), 'mine', { mode: SHARED, flag: '--report' });
    expect(readFileSync(join(victim, 'other.json'), 'utf8')).toBe('mine');
    // A link owned by another user, even in a sticky folder (as /tmp): refused. Only root can give a link away.
    if (process.getuid?.() === 0) {
      const sticky = mkdtempSync(join(tmpdir(), 'sticky-'));
      chmodSync(sticky, 0o1777);
      symlinkSync(victim, join(sticky, 'reports'));
      lchownSync(join(sticky, 'reports'), 12345, 12345);
      expect(() => writeFileSafely(join(sticky, 'reports', 'report.json'), 'x', { mode: SHARED, flag: '--report' })).toThrow(/owned by another user \(uid 12345\)/);
    }
    expect(readFileSync(kept, 'utf8')).toBe("victim's own file");
  });
});

/**
 * A folder this process may not write in (issue 31: a report folder mounted into a container, owned
 * by the host's user, ended a passing run with EACCES, a stack trace and exit 1). The kit runs as a
 * user who may not write there: as root (root writes anywhere), the command runs as uid 65534
 * (nobody) on a folder of root's; otherwise the folder is made read-only (0555) for its owner.
 */
describe('a report folder this process may not write in', () => {
  const asRoot = process.getuid?.() === 0;
  const locked = (): string => {
    const parent = mkdtempSync(join(tmpdir(), 'locked-'));
    chmodSync(parent, 0o755);
    const folder = join(parent, 'reports');
    mkdirSync(folder);
    chmodSync(folder, asRoot ? 0o755 : 0o555);
    return folder;
  };
  const runAs = (args: string[]): Promise<Finished> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir(), ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      child.stderr.on('data', (d) => (stderr += String(d)));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('conformance --report html=LOCKED/r.html: exit 2 with one line naming the folder and what to do, before any request, no stack trace', async () => {
    const folder = locked();
    const r = await runAs([BIN, 'conformance', '--base-url', 'http://127.0.0.1:9', '--report', `html=${join(folder, 'conformance.html')}`, '--report', `json=${join(folder, 'sub', 'conformance.json')}`]);
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^error: --report html= \\S+conformance\\.html: cannot write in \\S+reports: permission denied \\(this process runs as uid \\d+\\);`));
    expect(lines[0]).toContain('--user "$(id -u):$(id -g)"');
    expect(lines[0]).toContain('--userns=keep-id');
    // Refused before the run: the suite did not try the server (no "cannot reach" line).
    expect(r.stderr).not.toMatch(/cannot reach|\n\s+at /);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('writeFileSafely on such a folder: a UsageError with the same line (a folder that became unwritable during a run), no side file left', async () => {
    const folder = locked();
    const script = `import { writeFileSafely, SHARED } from ${JSON.stringify(new URL('../../dist/conformance/index.js', import.meta.url).href)};
try { writeFileSafely(${JSON.stringify(join(folder, 'r.json'))}, '{}', { mode: SHARED, flag: '--report', mkdir: false }); console.log('written'); }
catch (e) { console.log(e.name + ': ' + e.message); }`;
    const r = await runAs(['--input-type=module', '-e', script]);
    expect(r.stdout).toMatch(/^UsageError: --report \S+r\.json: cannot write in \S+reports: permission denied/);
    expect(readdirSync(folder)).toEqual([]);
  });
});
