/**
 * The generated reference pages and the links of every doc:
 * - docs/cli.md is what scripts/cli-reference.mjs makes from the built CLI's --help, and
 *   docs/contract.md what scripts/contract-reference.mjs makes from openapi.yaml (a stale page
 *   fails: `npm run docs` regenerates both);
 * - every section number a check's `requirement` cites (`§4.1 A2 rule 3`) has its anchor in
 *   docs/contract.md, so every `§` a report shows resolves to a heading users have;
 * - the section titles kept in the script are the description's, where the description is
 *   checked out beside the repository (as test/contract/traceability.test.ts finds it);
 * - every relative link of README.md and docs/*.md points to a file that exists and, for
 *   `#anchor`, to a heading (GitHub's slug) or an `<a id>` of that file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/checks/index.js';
// @ts-expect-error: a plain .mjs script without types
import { renderCliReference } from '../../scripts/cli-reference.mjs';
// @ts-expect-error: a plain .mjs script without types
import { anchorOf, renderContractReference, SECTIONS } from '../../scripts/contract-reference.mjs';
import { DESCRIPTION_PATH } from '../helpers/spec.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('generated reference pages', () => {
  it('docs/cli.md is the --help of every command (npm run docs regenerates it)', () => {
    expect(read('docs/cli.md')).toBe((renderCliReference as (bin: string) => string)(join(root, 'dist/cli/bin.js')));
  }, 120_000); // one --help process per command (eight), each loading the whole CLI: seconds each on a loaded machine

  it('docs/contract.md is what openapi.yaml gives (npm run docs regenerates it)', () => {
    expect(read('docs/contract.md')).toBe((renderContractReference as () => string)());
  });

  it('every section a check cites has its anchor in docs/contract.md', () => {
    const page = read('docs/contract.md');
    const cited = new Set<string>();
    // An RFC's sections (`RFC 9110 §15.5.6`, `RFC 8259 §§4, 6, 8.1`, up to the next `:`, `;` or `)`) are not the description's.
    const ownSections = (text: string): string => text.replace(/RFC \d+[^:;)]*/g, '');
    for (const check of CHECKS) for (const m of ownSections(check.requirement).matchAll(/§+\s*(\d+)(\.\d+)?/g)) cited.add(`${m[1]}${m[2] ?? ''}`);
    expect(cited.size).toBeGreaterThan(5);
    const anchor = anchorOf as (s: string) => string;
    // A subsection the description has (4.1) has its own anchor; one it has not (RFC 8259's §8.1) falls back to its top level.
    const missing = [...cited].filter((s) => !page.includes(`<a id="${anchor(s)}"></a>`) && !page.includes(`<a id="${anchor(s.split('.')[0] ?? s)}"></a>`));
    expect(missing).toEqual([]);
    for (const top of new Set([...cited].map((s) => s.split('.')[0]))) expect(page).toContain(`<a id="s${top}"></a>`);
  });

  it("the section titles are the description's (spec/, compared with ../shared by test/contract/spec-copy.test.ts)", () => {
    const headings = [...readFileSync(DESCRIPTION_PATH, 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? (.+)$/gm)].map((m) => [m[1], m[2]?.trim()]);
    expect(SECTIONS).toEqual(headings);
  });
});

/** GitHub's heading anchor: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file: heading slugs (outside code fences, `-1` for repeats) and `<a id>`s. */
function anchorsOf(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (fence) continue;
    const h = /^#{1,6} (.+)$/.exec(line);
    if (h?.[1]) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) if (m[1]) out.add(m[1]);
  }
  return out;
}

/** Relative links `[text](target)` outside code fences and inline code. */
function linksOf(text: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (fence) continue;
    const plain = line.replace(/`[^`]*`/g, (code) => (code.includes('](') ? '' : code));
    for (const m of plain.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) out.push(target);
    }
  }
  return out;
}

describe('links of README.md and docs/*.md', () => {
  it.each(docs.map((d) => [d]))('%s: every relative link and anchor resolves', (doc) => {
    const text = read(doc);
    const broken: string[] = [];
    for (const target of linksOf(text)) {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(root, doc) : resolve(dirname(join(root, doc)), path);
      if (!existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('finds the links it checks (a page with a broken anchor is caught)', () => {
    expect(linksOf('see [a](docs/x.md#y) and `[b](c)` ```')).toEqual(['docs/x.md#y']);
    expect(anchorsOf('# A title: `x`\n## A title: x\n<a id="s4-1"></a>')).toEqual(new Set(['a-title-x', 'a-title-x-1', 's4-1']));
    expect(slug('Products you define (`--data`)')).toBe('products-you-define---data');
  });
});
