/**
 * The diff console keeps contract text on its own line (attacker 8, M3): a path key with a line
 * break cannot print a forged verdict line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'consoles-'));

describe('diff console', () => {
  it('a path key holding a line break is escaped, not a line of its own', async () => {
    const doc = (paths: string): string => `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{${paths}}}`;
    const op = '{"get":{"responses":{"200":{"description":"ok"}}}}';
    writeFileSync(join(dir, 'old.json'), doc(`"/a\\nno breaking changes (0 allowed)":${op}`));
    writeFileSync(join(dir, 'new.json'), doc(''));
    const r = await runCli(['diff', join(dir, 'old.json'), join(dir, 'new.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('no breaking changes'))).toEqual([]);
    expect(r.stdout).toContain('\\x0a');
  }, 60_000);
});
