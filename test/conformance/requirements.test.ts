/**
 * The API description → checks table (conformance/requirements.ts) is complete and true: every
 * field table, endpoint row and numbered rule of the description has an entry; every entry
 * names real checks (or says why none can); every must-level check enforces a listed rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_PATH } from '../helpers/spec.js';
import { CHECK_IDS, CHECKS } from '../../conformance/index.js';
import { LEVEL_OF_SOURCE } from '../../conformance/provenance.js';
import { REQUIREMENTS } from '../../conformance/requirements.js';

const descriptionPath = DESCRIPTION_PATH;

/** The rules a description states, as requirement ids (`§2.3`, `§4.1 A1`, `§4.1 A2 rule 1`, `§4.2 rule 3`). */
function rulesOf(text: string): string[] {
  const out: string[] = [];
  // Field tables: a ### 2.N section with a table in it.
  for (const m of text.matchAll(/^###\s+(2\.\d+)\s[^\n]*\n([\s\S]*?)(?=^##)/gm)) if (/^\|/m.test(m[2] as string)) out.push(`§${m[1]}`);
  // Endpoint rows of the 4.1 and 4.2 tables.
  for (const m of text.matchAll(/^###\s+(4\.\d)\s[^\n]*\n([\s\S]*?)(?=^##|(?![\s\S]))/gm)) {
    for (const row of (m[2] as string).matchAll(/^\|\s*([AB]\d)\s*\|/gm)) out.push(`§${m[1]} ${row[1]}`);
    // "Rules for A2:" followed by numbered items; a bare "Rules:" belongs to the section (4.2).
    for (const block of (m[2] as string).matchAll(/^Rules(?: for ([AB]\d\w*)[^:\n]*)?:\s*\n((?:\s*\n|\d+\..*\n)+)/gm)) {
      for (const item of (block[2] as string).matchAll(/^(\d+)\./gm)) out.push(`§${m[1]} ${block[1] ? `${block[1]} ` : ''}rule ${item[1]}`);
    }
    for (const one of (m[2] as string).matchAll(/^Rules for ([AB]\d\w*): \S[^\n]*$/gm)) out.push(`§${m[1]} ${one[1]} rule`);
  }
  return out;
}

/** Rules with no entry in a coverage table. */
const uncovered = (rules: string[], table: readonly { id: string }[]): string[] => rules.filter((r) => !table.some((e) => e.id === r));

describe('API description → checks', () => {
  it('every field table, endpoint row and numbered rule of the description has an entry', () => {
    const rules = rulesOf(readFileSync(descriptionPath, 'utf8'));
    expect(rules.length).toBeGreaterThanOrEqual(9 + 8 + 11);
    expect(uncovered(rules, REQUIREMENTS)).toEqual([]);
  });

  it('a rule added to the description and not to the table is caught', () => {
    const text = readFileSync(descriptionPath, 'utf8').replace('Rules for A4:', 'Rules for A3b:\n\n1. A new rule.\n\nRules for A4:');
    expect(uncovered(rulesOf(text), REQUIREMENTS)).toEqual(['§4.1 A3b rule 1']);
  });

  it.each(REQUIREMENTS.map((r) => [r.id, r] as const))('%s names existing checks, or why none can', (_id, r) => {
    for (const c of r.checks) expect(CHECK_IDS).toContain(c);
    if (r.checks.length === 0) expect(r.reason?.length ?? 0).toBeGreaterThan(20);
  });

  it('every must-level check enforces at least one listed rule', () => {
    const named = new Set(REQUIREMENTS.flatMap((r) => r.checks));
    expect(CHECKS.filter((c) => c.level === 'must' && !named.has(c.id)).map((c) => c.id)).toEqual([]);
  });
});

describe('severity follows provenance', () => {
  it.each(CHECKS.map((c) => [c.id, c] as const))("%s: its level is its source's", (_id, c) => {
    expect(c.level).toBe(LEVEL_OF_SOURCE[c.source]);
    if (c.source === 'decision') expect(c.requirement).toMatch(/decision/i);
    if (c.source === 'production') expect(c.requirement).toMatch(/production/i);
    if (c.source === 'description') expect(c.requirement).toMatch(/§\d/);
    if (c.source !== 'decision') expect(c.requirement).not.toMatch(/^decision/i);
  });

  it('every rule of the table shows its level, and every check it names reports at that level', () => {
    const disagree: string[] = [];
    for (const r of REQUIREMENTS) {
      expect(r.level).toBe(LEVEL_OF_SOURCE[r.source]);
      for (const id of r.checks) {
        const c = CHECKS.find((x) => x.id === id);
        if (c && c.level !== r.level) disagree.push(`${r.id} (${r.source}, ${r.level}) names ${id} (${c.level})`);
      }
    }
    expect(disagree).toEqual([]);
  });

  it('a check whose level disagrees with the rule it enforces is caught', () => {
    const table = REQUIREMENTS.map((r) => (r.id === '§4.1 A3 rule 2' ? { ...r, checks: [...r.checks, 'sales-newest-first'] } : r));
    const wrong = table.flatMap((r) => r.checks.filter((id) => CHECKS.find((c) => c.id === id)?.level !== r.level).map((id) => `${r.id}:${id}`));
    expect(wrong).toEqual(['§4.1 A3 rule 2:sales-newest-first']);
  });

  it('every check enforces at least one rule of the table', () => {
    const named = new Set(REQUIREMENTS.flatMap((r) => r.checks));
    expect(CHECK_IDS.filter((id) => !named.has(id))).toEqual([]);
  });
});
