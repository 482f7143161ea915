/**
 * Every finding of the outside attacker (test/outside/attack-findings.md, issue 29 item 8) ends
 * with a status: `- **Status:** fixed in <code>; test <test file>` (the test file exists and cites
 * the finding's number) or `- **Status:** open: <why>`. A finding added without a status, a
 * status naming a test that does not exist, or more open findings than OPEN_ALLOWED fail here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'test/outside/attack-findings.md'), 'utf8');
/** Findings still open, each with its reason in the document (none: all are fixed). */
const OPEN_ALLOWED = 0;

interface Finding {
  n: number;
  status: string | undefined;
}

function findings(doc: string): Finding[] {
  return doc
    .split(/^(?=## \d+\. )/m)
    .filter((part) => /^## \d+\. /.test(part))
    .map((part) => ({ n: Number(/^## (\d+)\./.exec(part)?.[1]), status: /^- \*\*Status:\*\* (.+)$/m.exec(part)?.[1] }));
}

describe("the outside attacker's findings each have a status (issue 29)", () => {
  const all = findings(DOC);

  it('the document holds its findings, numbered from 1 without gaps', () => {
    expect(all.length).toBeGreaterThanOrEqual(32);
    expect(all.map((f) => f.n)).toEqual(all.map((_, i) => i + 1));
  });

  it('every finding says fixed (with a test file that exists) or open (with a reason)', () => {
    const bad: string[] = [];
    for (const f of all) {
      const s = f.status;
      if (s === undefined) bad.push(`${f.n}: no status line`);
      else if (s.startsWith('fixed in ')) {
        const tests = [...s.matchAll(/(test\/[\w./-]+\.test\.ts)/g)].map((m) => m[1] as string);
        if (tests.length === 0) bad.push(`${f.n}: fixed, but no test file named`);
        for (const t of tests) if (!existsSync(join(ROOT, t))) bad.push(`${f.n}: ${t} does not exist`);
      } else if (!/^open: \S/.test(s)) bad.push(`${f.n}: status is neither "fixed in ..." nor "open: <why>"`);
    }
    expect(bad).toEqual([]);
  });

  it(`at most ${OPEN_ALLOWED} findings are open`, () => {
    expect(all.filter((f) => f.status?.startsWith('open:')).length).toBeLessThanOrEqual(OPEN_ALLOWED);
  });

  it('a finding without a status is caught (the check can fail)', () => {
    const withNew = `${DOC}\n## ${all.length + 1}. A new finding\n\n- **Surface:** x\n`;
    expect(findings(withNew).at(-1)?.status).toBeUndefined();
  });
});
