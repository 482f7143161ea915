/**
 * docs/traceability.md stays true: every contract location it names exists in openapi.yaml,
 * and every section and numbered rule of the API description is listed in it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_PATH } from '../helpers/spec.js';
import { getAt, loadContract } from '../../contract/index.js';

const table = readFileSync(fileURLToPath(new URL('../../docs/traceability.md', import.meta.url)), 'utf8');
const descriptionPath = DESCRIPTION_PATH;
const doc = loadContract();

describe('traceability table', () => {
  const pointers = [...new Set([...table.matchAll(/`#(\/[^`]*)`/g)].map((m) => m[1] as string))];

  it('names contract locations', () => {
    expect(pointers.length).toBeGreaterThan(40);
  });

  it.each(pointers)('#%s exists in openapi.yaml', (pointer) => {
    expect(() => getAt(doc, pointer)).not.toThrow();
  });

  // The description lives beside the repository (shared/); CI checks out shared/ there too.
  it('lists every section and numbered rule of the description', () => {
    const text = readFileSync(descriptionPath, 'utf8');
    const wanted: string[] = [];
    for (const m of text.matchAll(/^##\s+(\d+)\.\s/gm)) wanted.push(`## ${m[1]}.`);
    for (const m of text.matchAll(/^###\s+(\d+\.\d+)\s/gm)) wanted.push(`${m[1]} `);
    // "Rules for A2:" followed by "1. ..." items; "Rules:" in 4.2 are marketplace B's.
    for (const block of text.matchAll(/^Rules(?: for (A\d)[^:\n]*)?:\s*\n((?:\s*\n|\d+\..*\n)+)/gm)) {
      const owner = block[1] ?? 'B';
      for (const item of (block[2] as string).matchAll(/^(\d+)\./gm)) wanted.push(`${owner} rule ${item[1]}`);
    }
    for (const m of text.matchAll(/^Rules for (A\d): [^\n]+$/gm)) wanted.push(`${m[1]} rule`);
    expect(wanted.length).toBeGreaterThan(30);
    expect(wanted.filter((w) => !table.includes(w))).toEqual([]);
  });
});
