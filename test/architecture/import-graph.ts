/**
 * The import graph of the kit's source files and the layer rules of ARCHITECTURE.md, as data.
 * `layerViolations` and `importCircles` are pure functions of a graph, so the test can show them
 * failing on a graph with a forbidden import or a circle before it judges the real one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** Source folders, each a layer (or a consumer of layers: cli, client, compat). */
export const SOURCE_ROOTS = ['generated', 'contract', 'conformance', 'mocks', 'traffic', 'cli', 'client', 'compat'] as const;

/** File (repo-relative, `.ts`) → the repo-relative files it imports (static, re-export, dynamic, side effect). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * One rule: files under `from` may import only files matching one of `may` (prefixes; a prefix
 * ending in `.ts` names one file). Own folder is always allowed.
 */
export interface LayerRule {
  from: string;
  may: readonly string[];
  why: string;
}

/** The import rules of ARCHITECTURE.md ("Layers and import rules"). */
export const LAYER_RULES: readonly LayerRule[] = [
  { from: 'generated/', may: [], why: 'it is written by `npm run generate` from openapi.yaml' },
  { from: 'contract/', may: ['generated/'], why: 'the contract is the bottom layer' },
  { from: 'conformance/', may: ['contract/', 'generated/'], why: 'the suite judges servers it has never seen: never the mock, never the traffic tools' },
  { from: 'mocks/', may: ['contract/', 'generated/', 'traffic/har/'], why: 'the mock uses the contract, and the recordings modules of traffic/ for replay; never the suite' },
  { from: 'traffic/', may: ['contract/', 'generated/', 'conformance/index.ts'], why: "traffic judges through the suite's public entry only, and never imports the mock" },
  { from: 'client/', may: ['generated/'], why: 'the typed client is the generated types plus openapi-fetch' },
  { from: 'cli/', may: ['contract/', 'generated/', 'conformance/', 'mocks/', 'traffic/'], why: 'the command line wires the layers; it never imports the compatibility entry' },
  { from: 'compat/', may: ['conformance/index.ts', 'traffic/index.ts'], why: 'deprecated package re-exports, from public entries only' },
];

/** Folders that nothing the mock reaches may be in (the mock never carries the judge). */
export const MOCK_NEVER_REACHES = ['conformance/', 'cli/'];

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Reads the graph of every `.ts` file under the source roots of `root`. */
export function readImportGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    let names;
    try {
      names = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of names) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) graph.set(rel, importsOf(rel, readFileSync(join(root, rel), 'utf8')));
    }
  };
  for (const r of SOURCE_ROOTS) walk(r);
  return graph;
}

/** The repo-relative targets of the relative imports in one file's text (comments are not stripped: the pattern needs `import`/`export` at a statement start). */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    let target = normalize(join(dirname(file), spec));
    if (target.endsWith('.js')) target = `${target.slice(0, -3)}.ts`;
    else if (!/\.(ts|json|mjs)$/.test(target)) target = `${target}.ts`;
    out.push(relative('.', target));
  }
  return out;
}

const allowed = (target: string, may: readonly string[]): boolean => may.some((p) => (p.endsWith('.ts') ? target === p : target.startsWith(p)));

/** Every import that breaks a rule: `file -> target: why`. */
export function layerViolations(graph: ImportGraph, rules: readonly LayerRule[] = LAYER_RULES): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const rule = rules.find((r) => file.startsWith(r.from));
    if (!rule) continue;
    for (const t of targets) {
      if (t.startsWith(rule.from)) continue;
      if (!allowed(t, rule.may)) out.push(`${file} -> ${t}: ${rule.why}`);
    }
    if (!file.startsWith('compat/')) for (const t of targets) if (t.startsWith('compat/')) out.push(`${file} -> ${t}: nothing imports the compatibility entry`);
  }
  return out;
}

/** Files reachable from `start` (itself excluded). */
export function reachable(graph: ImportGraph, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length > 0) {
    const f = todo.pop() as string;
    for (const t of graph.get(f) ?? []) {
      if (!seen.has(t)) {
        seen.add(t);
        todo.push(t);
      }
    }
  }
  return seen;
}

/** Import circles (strongly connected components of more than one file, or a file importing itself), each sorted. */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}
