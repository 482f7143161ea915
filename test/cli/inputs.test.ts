/**
 * Files a user names are read only when they are regular files of a bounded size (outside
 * attacker, finding 8): before, a link to /dev/zero passed verify's size check (stat said 0)
 * and was read until the process aborted, and a FIFO named as a baseline hung the command.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, readInputText } from '../../contract/input-file.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'inputs-'));
const zero = join(dir, 'certificate.json');
symlinkSync('/dev/zero', zero);
const fifo = join(dir, 'baseline.json');
execFileSync('mkfifo', [fifo]);

describe('input files', () => {
  it('readInputText refuses a device, a FIFO and a file over the cap; reads a small regular file', () => {
    expect(() => readInputText(zero, 1024)).toThrow(InputFileError);
    expect(() => readInputText(fifo, 1024)).toThrow(/not a regular file/);
    const big = join(dir, 'big.txt');
    writeFileSync(big, 'x'.repeat(2048));
    expect(() => readInputText(big, 1024)).toThrow(/larger than 1024 bytes/);
    expect(readInputText(big, 4096)).toHaveLength(2048);
  });

  it('verify of a link to /dev/zero: exit 2 with one line, at once', async () => {
    const r = await runCli(['verify', zero]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a regular file/);
  });

  it('conformance --baseline FIFO: exit 2 with one line, never a hang', async () => {
    const r = await runCli(['conformance', '--base-url', 'http://127.0.0.1:9', '--baseline', fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--baseline: cannot read .*not a regular file/);
  }, 30_000);
});
