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
 *   `#anchor`, to a heading (GitHub's slug) or an `<a id>` of that file;
 * - every `§` a user sees links to a heading of docs/contract.md that exists: in an HTML report
 *   of a real run (the suite against the mock, in process), in the hover docs of the generated
 *   types (generated/api.ts), and in openapi.yaml (its descriptions and every `x-section`); the
 *   links point at docs/contract.md of this version in package.json's repository, and the page
 *   ships in the package. A page that lacks a section is caught (shown below).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/checks/index.js';
import { runConformance, toHtml } from '../../conformance/index.js';
import { citationSegments, CONTRACT_REFERENCE_URL, DESCRIPTION_SECTIONS } from '../../contract/index.js';
// @ts-expect-error: a plain .mjs script without types
import { renderCliReference } from '../../scripts/cli-reference.mjs';
// @ts-expect-error: a plain .mjs script without types
import { anchorOf, contractReferenceUrl, renderContractReference, SECTIONS, sectionsIn } from '../../scripts/contract-reference.mjs';
import { listeningMock } from '../helpers/servers.js';
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

  it('docs/cli.md covers every command the CLI lists in its --help', () => {
    const help = execFileSync(process.execPath, [join(root, 'dist/cli/bin.js'), '--help'], { encoding: 'utf8' });
    const listed = [...(help.split(/^Commands:$/m)[1] ?? '').matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]).filter((c) => c !== 'help');
    expect(listed.length).toBeGreaterThan(5);
    for (const command of listed) expect(read('docs/cli.md'), `resale-kit ${command} is not in docs/cli.md (add it to COMMANDS of scripts/cli-reference.mjs)`).toContain(`## resale-kit ${command}\n`);
  });

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

describe('the contract changes the CHANGELOG links (issue 32 item 4)', () => {
  it("CHANGELOG.md's unreleased section links docs/contract-changes.md, a diff report from the gate's baseline to openapi.yaml whose summary it states", () => {
    const changelog = readFileSync('CHANGELOG.md', 'utf8');
    // The first "## " section, up to the next one.
    const unreleased = /^## [\s\S]*?(?=^## |(?![\s\S]))/m.exec(changelog)?.[0] ?? '';
    expect(unreleased).toContain('[docs/contract-changes.md](docs/contract-changes.md)');
    const report = readFileSync('docs/contract-changes.md', 'utf8');
    expect(report).toContain('`contract/baseline/openapi.yaml` → `openapi.yaml`');
    const summary = /^## Contract diff: (\d+) breaking, (\d+) allowed/.exec(report);
    expect(summary).not.toBeNull();
    // "none breaking" is claimed only while the report has no breaking change; otherwise each is announced.
    if (summary?.[1] === '0' && summary[2] === '0') expect(unreleased).toContain('none breaking');
    else for (const m of report.matchAll(/^\| (?:BREAKING|ALLOWED) \| [^|]+ \| `([^`]+)`/gm)) expect(unreleased).toContain(`\`${m[1]}\``);
  });
});

/** An RFC's sections (`RFC 9110 §15.5.6`, `RFC 8259 §§4, 6, 8.1`), up to the next `:`, `;` or `)`: not the description's. */
const withoutRfcSections = (text: string): string => text.replace(/RFC \d+[^:;)<]*/g, '');
const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The docs/contract.md anchors named by links to the page (`URL#s4-1`) in a text. */
function linkedAnchors(text: string): string[] {
  return [...text.matchAll(new RegExp(`${escapeRe(CONTRACT_REFERENCE_URL)}#([A-Za-z0-9_-]+)`, 'g'))].map((m) => m[1] ?? '');
}

/** The anchors (of those given) that docs/contract.md as `page` does not have. */
const unresolved = (anchors: readonly string[], page: string): string[] => [...new Set(anchors)].filter((a) => !anchorsOf(page).has(a));

/** docs/contract.md without one section (its anchor and heading): what a stale or hand-cut page would be. */
const withoutSection = (page: string, number: string): string => page.replace(`<a id="${(anchorOf as (s: string) => string)(number)}"></a>`, '').replace(new RegExp(`^#{2,3} §${escapeRe(number)} .*$`, 'm'), '');

describe('every § a user sees resolves to a heading of docs/contract.md (shipped)', () => {
  const page = read('docs/contract.md');
  let html = '';
  beforeAll(async () => {
    const mock = await listeningMock({ seed: 'sections', mutant: 'b3-wrong-type' });
    try {
      html = toHtml(await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 }));
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('the links point at docs/contract.md of this version in the repository package.json names, and the package ships the page', () => {
    const pkg = JSON.parse(read('package.json')) as { version: string; files: string[] };
    expect(CONTRACT_REFERENCE_URL).toBe((contractReferenceUrl as () => string)());
    expect(CONTRACT_REFERENCE_URL).toBe(`https://github.com/resale-kit/resale-kit/blob/v${pkg.version}/docs/contract.md`);
    expect(pkg.files).toContain('docs/*.md');
    expect(DESCRIPTION_SECTIONS.map((s) => [s.number, s.title])).toEqual(SECTIONS);
  });

  it('HTML report of a run: every § of the description is a link, and every link names a heading the page has', () => {
    const anchors = linkedAnchors(html);
    // Requirements cite many sections; section headings link too.
    expect(new Set(anchors).size).toBeGreaterThan(10);
    expect(unresolved(anchors, page)).toEqual([]);
    // No § of the description is left unlinked: the links' text removed, only an RFC's sections remain.
    const unlinked = withoutRfcSections(html.replace(/<a href="[^"]*"[^>]*>[^<]*<\/a>/g, '')).match(/§+\s*\d[\d.]*/g) ?? [];
    expect(unlinked).toEqual([]);
    // A section heading carries the description's title: `§4.2 Marketplace B`.
    expect(html).toContain(`<a href="${CONTRACT_REFERENCE_URL}#s4-2">§4.2 Marketplace B</a>`);
    expect(html).toMatch(new RegExp(`RFC 9110 §\\d`));
  });

  it("citationSegments: the text back whole; only the description's sections linked (an RFC's and unknown numbers stay text)", () => {
    const text = 'RFC 9110 §13.1.2, §15.4.5: x; §4.1 A2 rule 3, §2.11 and §12 (RFC 8259 §§4, 6) then §5';
    const parts = citationSegments(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.link).map((p) => [p.text, p.link?.anchor])).toEqual([
      ['§4.1', 's4-1'],
      ['§2.11', 's2'],
      ['§5', 's5'],
    ]);
    expect(citationSegments('')).toEqual([]);
  });

  it("a page that lacks a section fails: the report's links to it are named", () => {
    const cut = withoutSection(page, '4.2');
    expect(cut).not.toBe(page);
    expect(unresolved(linkedAnchors(html), cut)).toEqual(['s4-2']);
    expect(unresolved(linkedAnchors(read('generated/api.ts')), cut)).toEqual(['s4-2']);
  });

  it('hover docs (generated/api.ts): every § is a {@link} to a heading the page has', () => {
    const types = read('generated/api.ts');
    const links = [...types.matchAll(/\{@link (\S+)#([A-Za-z0-9_-]+) §[\d.]+[^}]*\}/g)];
    expect(links.length).toBeGreaterThan(50);
    for (const m of links) expect(m[1]).toBe(CONTRACT_REFERENCE_URL);
    expect(unresolved(linkedAnchors(types), page)).toEqual([]);
    const unlinked = withoutRfcSections(types.replace(/\{@link [^}]*\}/g, '')).match(/§+\s*\d[\d.]*/g) ?? [];
    expect(unlinked).toEqual([]);
  });

  it('openapi.yaml: every x-section and every § of its text names a section the page has', () => {
    const text = read('openapi.yaml');
    const numbers: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'x-section') numbers.push(...(sectionsIn as (v: unknown) => string[])(v));
          else walk(v);
        }
      }
    };
    walk(parse(text));
    expect(numbers.length).toBeGreaterThan(50);
    for (const m of withoutRfcSections(text).matchAll(/§+\s*(\d+(?:\.\d+)?)/g)) numbers.push(m[1] ?? '');
    // A number resolves as the report resolves it (citationSegments): itself, else its top level.
    const anchors = numbers.map((n) => citationSegments(`§${n}`)[0]?.link?.anchor ?? `no section ${n}`);
    expect(unresolved(anchors, page)).toEqual([]);
    expect(unresolved(anchors, withoutSection(page, '5'))).toEqual(['s5']);
  });
});
