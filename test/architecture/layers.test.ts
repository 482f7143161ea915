/**
 * The four layers (contract, mock, suite, traffic) and their import rules, checked over every
 * source file: no forbidden import, no import circle, the mock never reaches the suite, and
 * ARCHITECTURE.md states exactly the rules checked here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importsOf, LAYER_RULES, layerViolations, MOCK_NEVER_REACHES, reachable, readImportGraph, SOURCE_ROOTS } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const graph = readImportGraph(ROOT);

/** The bullet ARCHITECTURE.md carries for a rule. */
const bulletOf = (r: (typeof LAYER_RULES)[number]): string => `- \`${r.from}\` may import ${r.may.length === 0 ? 'nothing of the project' : r.may.map((m) => `\`${m}\``).join(', ')}: ${r.why}.`;

describe('the checker itself (it can fail)', () => {
  it('reads every form of import', () => {
    const text = [
      "import type { A } from './a.js';",
      "import {\n  B,\n  C,\n} from '../b/c.js';",
      "export * from './d.js';",
      "export { E } from './e.js';",
      "const f = await import('./f.js');",
      "import './g.js';",
      "import { h } from 'node:fs';",
    ].join('\n');
    expect(importsOf('mocks/x/y.ts', text)).toEqual(['mocks/x/a.ts', 'mocks/b/c.ts', 'mocks/x/d.ts', 'mocks/x/e.ts', 'mocks/x/f.ts', 'mocks/x/g.ts']);
  });

  it.each([
    ['the mock importing the suite', 'mocks/http/server.ts', 'conformance/index.ts'],
    ['the suite importing the mock', 'conformance/runner.ts', 'mocks/index.ts'],
    ['the suite importing traffic', 'conformance/runner.ts', 'traffic/index.ts'],
    ['traffic importing a suite internal', 'traffic/proxy.ts', 'conformance/check.ts'],
    ['traffic importing the mock', 'traffic/proxy.ts', 'mocks/options.ts'],
    ['the contract importing the suite', 'contract/load.ts', 'conformance/index.ts'],
    ['the client importing the contract', 'client/index.ts', 'contract/index.ts'],
    ['the mock importing the proxy', 'mocks/http/server.ts', 'traffic/proxy.ts'],
    ['the CLI importing the compatibility entry', 'cli/main.ts', 'compat/conformance.ts'],
  ])('flags %s', (_name, from, to) => {
    expect(layerViolations(new Map([[from, [to]]])).length).toBeGreaterThan(0);
  });

  it('allows what the rules allow', () => {
    expect(layerViolations(new Map([['traffic/proxy.ts', ['conformance/index.ts', 'contract/index.ts', 'traffic/judge.ts']]]))).toEqual([]);
    expect(layerViolations(new Map([['mocks/http/server.ts', ['traffic/har/replay.ts', 'contract/index.ts']]]))).toEqual([]);
  });

  it('finds circles of two or more files, and a file importing itself', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(importCircles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('the source tree', () => {
  it('is read whole (every layer has files, and known imports are seen)', () => {
    for (const r of SOURCE_ROOTS)
      expect(
        [...graph.keys()].some((f) => f.startsWith(`${r}/`)),
        r,
      ).toBe(true);
    expect(graph.size).toBeGreaterThan(120);
    expect(graph.get('traffic/proxy.ts')).toContain('conformance/index.ts');
    expect(graph.get('mocks/http/server.ts')).toContain('traffic/har/replay.ts');
  });

  it('every source file is under a rule', () => {
    expect([...graph.keys()].filter((f) => !LAYER_RULES.some((r) => f.startsWith(r.from)))).toEqual([]);
  });

  it('no import breaks a layer rule', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no import circle among source files', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('nothing the mock imports reaches the suite or the CLI (the mock never carries the judge)', () => {
    const mockFiles = [...graph.keys()].filter((f) => f.startsWith('mocks/'));
    const reached = [...reachable(graph, mockFiles)].filter((f) => MOCK_NEVER_REACHES.some((p) => f.startsWith(p)));
    expect(reached).toEqual([]);
  });

  it('ARCHITECTURE.md states every rule checked here, and no other', () => {
    const doc = readFileSync(`${ROOT}ARCHITECTURE.md`, 'utf8');
    for (const r of LAYER_RULES) expect(doc).toContain(bulletOf(r));
    const stated = doc.split('\n').filter((l) => /^- `[a-z]+\/` may import /.test(l));
    expect(stated).toHaveLength(LAYER_RULES.length);
  });
});
