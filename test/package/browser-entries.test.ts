/**
 * Browser entries free of Node (issue 22): everything the package's browser entry points
 * (`resale-kit/client`, `resale-kit/msw`) reach, in their emitted JavaScript and in their `.d.ts`,
 * follows the rule "no Node API": no `node:` (or bare built-in) import, no
 * `/// <reference types="node" />`, and no Node global (`Buffer`, `NodeJS.*`, `process`, ...).
 * The rule is checked by walking the import graph of `dist/` from the entries listed in
 * package.json's `exports`, so a module that moves or a new import that reaches a Node-only
 * module fails here whatever its name. The consumer case (`types: []`, no @types/node) is in
 * consumers.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './consumer.js';

/** The entry points a browser page imports (package.json `exports` keys). */
export const BROWSER_ENTRIES = ['./client', './msw'] as const;

/** Globals that exist in Node and not in a browser (the DOM lib has none of them). */
const NODE_GLOBALS = new Set(['Buffer', 'NodeJS', 'process', 'global', '__dirname', '__filename', 'require', 'setImmediate', 'clearImmediate']);
const BUILTINS = new Set(builtinModules);

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string } | string> };

/** One rule broken by one file: where, and what. */
interface Finding {
  file: string;
  what: string;
  /** The chain of imports from the entry to the file. */
  via: string[];
}

/** Node-only identifiers used in a module's code or types (comments and strings skipped). */
export function nodeGlobalsIn(text: string, fileName: string): string[] {
  const found = new Set<string>();
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.d.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text)) {
      const parent = node.parent;
      // A member named like a global (`x.process`, `{ process: 1 }`, `process(): void` in a class) is not the global.
      const isMemberName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node);
      if (!isMemberName) found.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found];
}

/**
 * Walks the import graph from `entry` (a file in dist/) through relative imports, collecting
 * every broken rule. `.d.ts` files follow `.d.ts`, JavaScript follows JavaScript.
 */
export function walk(entry: string): { files: string[]; findings: Finding[]; packages: Set<string> } {
  const types = entry.endsWith('.d.ts');
  const seen = new Map<string, string[]>([[entry, []]]);
  const queue = [entry];
  const findings: Finding[] = [];
  const packages = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const via = seen.get(file) as string[];
    const rel = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    for (const ref of info.typeReferenceDirectives) if (ref.fileName === 'node' || ref.fileName.startsWith('node/')) findings.push({ file: rel, what: `/// <reference types="${ref.fileName}" />`, via });
    for (const lib of info.libReferenceDirectives) if (lib.fileName.startsWith('node')) findings.push({ file: rel, what: `/// <reference lib="${lib.fileName}" />`, via });
    for (const name of nodeGlobalsIn(text, file)) findings.push({ file: rel, what: `Node global ${name}`, via });
    for (const { fileName: spec } of [...info.importedFiles, ...info.referencedFiles]) {
      if (spec.startsWith('node:') || BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0] as string)) {
        findings.push({ file: rel, what: `import of ${spec}`, via });
        continue;
      }
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      let target = resolve(dirname(file), spec);
      if (types) target = target.replace(/\.js$/, '.d.ts');
      if (!existsSync(target)) {
        findings.push({ file: rel, what: `unresolved import ${spec}`, via });
        continue;
      }
      if (!seen.has(target)) {
        seen.set(target, [...via, rel]);
        queue.push(target);
      }
    }
  }
  return { files: [...seen.keys()].map((f) => relative(ROOT, f)), findings, packages };
}

const entryFile = (entry: string, kind: 'types' | 'default'): string => {
  const e = pkg.exports[entry];
  if (!e || typeof e === 'string') throw new Error(`package.json exports has no conditions for ${entry}`);
  return join(ROOT, e[kind]);
};

describe('browser entries reach no Node API (emitted JavaScript and .d.ts)', () => {
  it.each(BROWSER_ENTRIES.flatMap((entry) => (['types', 'default'] as const).map((kind) => [entry, kind] as const)))('%s (%s): no node: import, no Node global, no Node type reference', (entry, kind) => {
    const { files, findings, packages } = walk(entryFile(entry, kind));
    expect(files.length).toBeGreaterThan(0);
    expect(findings.map((f) => `${f.file}: ${f.what} (via ${[...f.via, f.file].join(' -> ')})`)).toEqual([]);
    // The packages they reach are the browser-safe dependencies and msw (a peer), nothing else
    // (yaml parses a `--data` file given to createMswHandlers as text; it is plain JavaScript).
    expect([...packages].filter((p) => !/^(openapi-fetch|msw|lru-cache|ajv|ajv-formats|@faker-js\/faker|yaml)(\/|$)/.test(p))).toEqual([]);
  });

  it('the walk can fail: it finds the Node API in the Node entries (mock, conformance)', () => {
    const mock = walk(entryFile('./mock', 'types'));
    expect(mock.findings.some((f) => f.what === 'import of node:http')).toBe(true);
    const conformanceJs = walk(entryFile('./conformance', 'default'));
    expect(conformanceJs.findings.some((f) => f.what.startsWith('import of node:'))).toBe(true);
  });

  it('the scan of globals tells a global from a member of the same name', () => {
    expect(nodeGlobalsIn('export declare function f(b: Buffer): NodeJS.Timeout;', 'x.d.ts').sort()).toEqual(['Buffer', 'NodeJS']);
    expect(nodeGlobalsIn('const a = process.env.X; export { a };', 'x.js')).toEqual(['process']);
    expect(nodeGlobalsIn('export interface X { process: string; Buffer(): void } /* Buffer */ const s = "process"; o.require();', 'x.d.ts')).toEqual([]);
  });
});
