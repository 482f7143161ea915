/**
 * No file of the repository holds a merge's conflict markers (one did: a table of
 * docs/threat-model.md kept both sides of a merge, and no other test read that part).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', '.git', '.image', 'reports', '.scratch']);
const TEXT = /\.(ts|mts|mjs|js|json|md|yaml|yml|sh|html|css)$/;
const MARKER = /^(<{7}|>{7}) |^={7}$/m;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (SKIP.has(e.name) ? [] : e.isDirectory() ? files(join(dir, e.name)) : TEXT.test(e.name) ? [join(dir, e.name)] : []));
}

describe('merge conflict markers', () => {
  it('no text file of the repository holds one', () => {
    const all = files(ROOT);
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter((f) => MARKER.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('the pattern sees one (it can fail)', () => {
    expect(MARKER.test(['x', `${'<'.repeat(7)} HEAD`, 'y'].join('\n'))).toBe(true);
  });
});
