/**
 * Two servers sharing one `--ready-file` (attacker 8, M7): the second replaced the first's file
 * and, at its stop, removed it while the first still served. A server removes the file only while
 * it still holds the URL this process wrote. A path in no folder is refused at start, not once
 * the server listens (attacker 9, finding 3). How the file goes when the process ends otherwise:
 * serving-thread.test.ts (it starts processes).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReadyFile, removeReadyFile, writeReadyFile } from '../../cli/ready-file.js';

const dir = mkdtempSync(join(tmpdir(), 'ready-file-'));

describe('removeReadyFile', () => {
  it('removes the file this process wrote', () => {
    const path = join(dir, 'own.url');
    writeReadyFile(path, 'http://127.0.0.1:4010');
    removeReadyFile(path);
    expect(existsSync(path)).toBe(false);
  });

  it('leaves a file another server has written since, and one this process never wrote', () => {
    const path = join(dir, 'shared.url');
    writeReadyFile(path, 'http://127.0.0.1:4010');
    writeFileSync(path, 'http://127.0.0.1:4011\n');
    removeReadyFile(path);
    expect(readFileSync(path, 'utf8')).toBe('http://127.0.0.1:4011\n');
    const other = join(dir, 'other.url');
    writeFileSync(other, 'http://127.0.0.1:4012\n');
    removeReadyFile(other);
    expect(existsSync(other)).toBe(true);
  });
});

describe('checkReadyFile and writeReadyFile: a path in no folder', () => {
  it('is refused before the server starts, naming the folder', () => {
    expect(() => checkReadyFile(join(dir, 'no-such-folder', 'x', 'mock.url'))).toThrow(`--ready-file: the folder ${join(dir, 'no-such-folder', 'x')} does not exist or is not a folder`);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => checkReadyFile(join(file, 'mock.url'))).toThrow('does not exist or is not a folder');
    expect(() => checkReadyFile(join(dir, 'fresh.url'))).not.toThrow();
  });

  it('a write that fails all the same names the file given and the error code, not the side file written first', () => {
    const path = join(dir, 'gone', 'mock.url');
    expect(() => writeReadyFile(path, 'http://127.0.0.1:4010')).toThrow(`--ready-file: cannot write ${path} (ENOENT)`);
  });
});
