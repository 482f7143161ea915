/**
 * Two servers sharing one `--ready-file` (attacker 8, M7): the second replaced the first's file
 * and, at its stop, removed it while the first still served. A server removes the file only while
 * it still holds the URL this process wrote.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeReadyFile, writeReadyFile } from '../../cli/ready-file.js';

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
