/**
 * `resale-kit diff` (issue 32, docs/contract-evolution.md): changed copies of openapi.yaml, each
 * change classified (kind, breaking or not, provenance), through the built CLI with its exit codes
 * and outputs; the kit's rules for what the engine misses are held on their own (fast, no engine).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { DiffInputError, diffContracts, diffExitCode, kitRules, readContract, readAllowList, readChangelogAnnouncements, type ContractChange, type DiffReport } from '../../contract/diff/index.js';
import type { JsonObject } from '../../contract/index.js';
import { BIN, runCli, runToEnd, type Finished } from '../helpers/cli.js';

const CONTRACT = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
const original = readFileSync(CONTRACT, 'utf8');

/** Replaces `from` (which must occur) by `to` in `text`. */
function edit(text: string, from: string, to: string): string {
  expect(text.includes(from), `the contract no longer holds: ${from.slice(0, 60)}`).toBe(true);
  return text.replace(from, () => to);
}

const DAILY_B = '  /v3/market_b/products/{id_or_slug}/sales/daily:\n';
const opB = (text: string): string => text.slice(text.indexOf(DAILY_B), text.indexOf('\ncomponents:') + 1);

/** Every breaking change at once (one engine run). */
function breakingCopy(): string {
  let s = original;
  s = edit(s, opB(s), ''); // 1 removed operation
  s = edit(
    s,
    "        - $ref: '#/components/parameters/SearchQuery'\n        - $ref: '#/components/parameters/Page'\n",
    "        - $ref: '#/components/parameters/SearchQuery'\n        - name: region\n          in: query\n          required: true\n          x-section: \"4.1 A1\"\n          schema:\n            type: string\n        - $ref: '#/components/parameters/Page'\n",
  ); // 2 new required parameter
  s = edit(
    s,
    '      required: [value, alias, level]\n      properties:\n        value:\n          type: string\n        alias:\n          type: string\n',
    '      required: [value, level]\n      properties:\n        value:\n          type: string\n',
  ); // 3 removed response member
  s = edit(s, '        asks:\n          type: integer\n          minimum: 0\n          description: Count of asks', '        asks:\n          type: string\n          description: Count of asks'); // 4 changed type
  s = edit(s, '      x-section: "4.1 A2 rules 1, 4"\n      schema:\n        type: boolean\n', '      x-section: "4.1 A2 rules 1, 4"\n      schema:\n        type: boolean\n        enum: [true]\n'); // 5 narrowed enum
  s = edit(s, '        maximum: 10000\n', '        maximum: 500\n'); // 6 tightened maximum
  s = edit(s, "        pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$'\n", "        pattern: '^[a-z0-9][a-z0-9-]*$'\n"); // 7 tightened pattern
  s = edit(s, '        type: string\n        maxLength: 200\n        x-source: decision', '        type: string\n        maxLength: 100\n        x-source: decision'); // 8 tightened maxLength
  return s;
}

/** Every non-breaking change at once. */
function additiveCopy(): string {
  let s = original;
  const daily = opB(s);
  s = edit(s, daily, daily + daily.replace('/sales/daily:', '/sales/weekly:').replace('operationId: listMarketBProductDailySales', 'operationId: listMarketBProductWeeklySales')); // 9 added operation
  s = edit(s, '      required: [price, asks, type]\n      properties:\n', '      required: [price, asks, type]\n      properties:\n        currency:\n          type: string\n          x-section: "2.3"\n'); // 10 added optional response member
  s = edit(s, '        maximum: 100\n        default: 20\n', '        maximum: 200\n        default: 20\n'); // 11 loosened maximum
  s = edit(s, '        type: string\n        maxLength: 200\n        x-source: decision', '        type: string\n        maxLength: 300\n        x-source: decision'); // 12 loosened maxLength
  s = edit(
    s,
    "        - $ref: '#/components/parameters/SearchQuery'\n        - $ref: '#/components/parameters/Page'\n",
    "        - $ref: '#/components/parameters/SearchQuery'\n        - name: region\n          in: query\n          required: false\n          x-section: \"4.1 A1\"\n          schema:\n            type: string\n        - $ref: '#/components/parameters/Page'\n",
  ); // 13 added optional parameter
  s = edit(s, "        pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$'\n        x-source: decision", '        x-source: decision'); // 14 removed pattern (loosened)
  return s;
}

const dir = mkdtempSync(join(tmpdir(), 'resale-kit-diff-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const find = (r: DiffReport, kind: string, pointerPart: string): ContractChange[] => r.changes.filter((c) => c.kind === kind && c.pointer.includes(pointerPart));

describe('resale-kit diff through the built CLI', () => {
  let breaking: { run: Finished; report: DiffReport; markdown: string; junit: string };
  let additive: { run: Finished; report: DiffReport };

  beforeAll(async () => {
    const b = file('breaking.yaml', breakingCopy());
    const a = file('additive.yaml', additiveCopy());
    const [rb, ra] = await Promise.all([runCli(['diff', CONTRACT, b, '--json', join(dir, 'b.json'), '--markdown', join(dir, 'b.md'), '--junit', join(dir, 'b.xml')]), runCli(['diff', CONTRACT, a, '--json', join(dir, 'a.json')])]);
    breaking = { run: rb, report: JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8')) as DiffReport, markdown: readFileSync(join(dir, 'b.md'), 'utf8'), junit: readFileSync(join(dir, 'b.xml'), 'utf8') };
    additive = { run: ra, report: JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as DiffReport };
  }, 180_000);

  it('exits 1 on breaking changes and classifies each, with provenance', () => {
    expect(breaking.run.code, breaking.run.stderr).toBe(1);
    const r = breaking.report;
    const one = (kind: string, part: string): ContractChange => {
      const list = find(r, kind, part);
      expect(list.length, `${kind} at ${part} in ${r.changes.map((c) => `${c.kind} ${c.pointer}`).join('\n')}`).toBeGreaterThan(0);
      expect(list.every((c) => c.breaking)).toBe(true);
      return list[0] as ContractChange;
    };
    // 1 removed operation: reported once, not once per member under it.
    const removed = one('operation-removal', '/paths/~1v3~1market_b~1products~1{id_or_slug}~1sales~1daily/get');
    expect(removed.side).toBe('before');
    expect(removed.provenance).toBe('description');
    expect(r.changes.filter((c) => c.pointer.startsWith(`${removed.pointer}/`))).toEqual([]);
    one('new-required-query-parameters', '/paths/~1v3~1market_a~1products/get/parameters/1'); // 2
    one('removing-response-property', '/properties/alias'); // 3
    one('response-property-type-changes', '/properties/asks'); // 4
    // 5-8: the engine's misses, covered by the kit's rules.
    const en = one('request-enum-tightened', '/components/parameters/DisplayVariants');
    expect(en.provenance).toBe('description');
    const max = one('request-maximum-tightened', '/components/parameters/Page/schema/maximum');
    expect(max.by).toBe('kit');
    expect(max.provenance).toBe('decision');
    expect(one('request-pattern-tightened', '/components/parameters/MarketAIdOrSlug').by).toBe('kit');
    one('request-maxlength-tightened', '/components/parameters/SearchQuery/schema/maxLength');
    expect(r.summary.breaking).toBe(r.changes.filter((c) => c.breaking).length);
  });

  it('writes the same report as Markdown and JUnit', () => {
    expect(breaking.markdown).toMatch(/^## Contract diff: \d+ breaking/);
    expect(breaking.markdown).toContain('request-maximum-tightened');
    expect(breaking.junit).toContain('<failure');
    expect(breaking.junit).toContain('diff.operation-removal');
    expect(breaking.run.stdout).toContain('BREAKING');
  });

  it('exits 0 on additive changes and reports them as non-breaking', () => {
    expect(additive.run.code, `${additive.run.stdout}\n${additive.run.stderr}`).toBe(0);
    const r = additive.report;
    expect(r.summary.breaking).toBe(0);
    expect(r.changes.every((c) => !c.breaking)).toBe(true);
    const has = (kind: string, part: string): void => {
      expect(find(r, kind, part).length, `${kind} at ${part} in ${r.changes.map((c) => `${c.kind} ${c.pointer}`).join('\n')}`).toBeGreaterThan(0);
    };
    has('added', '/paths/~1v3~1market_b~1products~1{id_or_slug}~1sales~1weekly'); // 9
    has('added', '/properties/currency'); // 10
    has('request-maximum-loosened', '/components/parameters/SearchLimit'); // 11
    has('request-maxlength-loosened', '/components/parameters/SearchQuery'); // 12
    has('added', '/paths/~1v3~1market_a~1products/get/parameters'); // 13
    has('request-pattern-loosened', '/components/parameters/MarketAIdOrSlug'); // 14
  });

  it('an allow-list accepts the known breaking changes with their reason (exit 0)', async () => {
    const allow = { allow: breaking.report.changes.filter((c) => c.breaking).map((c) => ({ pointer: c.pointer, kind: c.kind, reason: 'v4 announced in the CHANGELOG' })) };
    const run = await runCli(['diff', CONTRACT, join(dir, 'breaking.yaml'), '--allow', file('allow.json', JSON.stringify(allow)), '--json', join(dir, 'allowed.json')]);
    expect(run.code, run.stderr).toBe(0);
    const r = JSON.parse(readFileSync(join(dir, 'allowed.json'), 'utf8')) as DiffReport;
    expect(r.summary.breaking).toBe(0);
    expect(r.summary.allowed).toBe(allow.allow.length);
    expect(run.stdout).toContain('allowed: v4 announced in the CHANGELOG');
  }, 120_000);

  it("--changelog: an allowed breaking change fails (exit 1) until the changelog's unreleased section announces it (issue 32 item 4)", async () => {
    const changes = breaking.report.changes.filter((c) => c.breaking);
    const allowFile = file('allow-cl.json', JSON.stringify({ allow: changes.map((c) => ({ pointer: c.pointer, kind: c.kind, reason: 'v4' })) }));
    const [first, ...rest] = changes;
    // Announced in an older release's section only: not this one.
    const stale = `# Changelog\n\n## Unreleased\n\n### Added\n- nothing breaking here\n\n## 0.1.0\n\n${changes.map((c) => `- Breaking: \`${c.pointer}\``).join('\n')}\n`;
    const missing = await runCli(['diff', CONTRACT, join(dir, 'breaking.yaml'), '--allow', allowFile, '--changelog', file('CHANGELOG-stale.md', stale)]);
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stdout).toContain('not announced as breaking in the changelog');
    // The library, as the CLI calls it (one CLI run above is enough to show the flag).
    const allow = readAllowList(allowFile);
    const partial = `# Changelog\n\n## Unreleased\n\n### Breaking\n${rest.map((c) => `- Breaking (contract): \`${c.kind}\` at \`${c.pointer}\``).join('\n')}\n`;
    const some = await diffContracts(CONTRACT, join(dir, 'breaking.yaml'), { allow, announced: readChangelogAnnouncements(file('CHANGELOG-partial.md', partial)) });
    expect(diffExitCode(some)).toBe(1);
    expect(some.summary.breaking).toBe(1);
    expect(some.changes.find((c) => c.breaking && c.allowed === undefined)?.pointer).toBe(first?.pointer);
    const all = `${partial}- Breaking (contract): \`${first?.kind}\` at \`${first?.pointer}\`\n`;
    const ok = await diffContracts(CONTRACT, join(dir, 'breaking.yaml'), { allow, announced: readChangelogAnnouncements(file('CHANGELOG-all.md', all)) });
    expect(diffExitCode(ok)).toBe(0);
    expect(ok.summary.allowed).toBe(changes.length);
  }, 180_000);

  it('exits 0 with no change for the same contract', async () => {
    const run = await runCli(['diff', CONTRACT, CONTRACT]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('0 breaking, 0 allowed, 0 non-breaking change(s)');
  }, 120_000);

  it('exits 2 on a missing file, a file that is not a contract, or a bad allow-list', async () => {
    const runs = await Promise.all([
      runCli(['diff', CONTRACT, join(dir, 'missing.yaml')]),
      runCli(['diff', CONTRACT, file('not.yaml', 'just: [text')]),
      runCli(['diff', CONTRACT, file('other.yaml', 'openapi: 2.0\n')]),
      runCli(['diff', CONTRACT, CONTRACT, '--allow', file('bad-allow.json', '{"allow":[{"pointer":"/x","kind":"y"}]}')]),
      runCli(['diff', CONTRACT]),
    ]);
    for (const run of runs) expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(runs[0]?.stderr).toContain('cannot read the contract');
    expect(runs[3]?.stderr).toContain('non-empty "reason"');
  });
});

describe("the kit's rules (what the engine misses)", () => {
  const doc = parse(original) as JsonObject;
  const rules = (text: string): ContractChange[] => kitRules(doc, parse(text) as JsonObject).map((c) => ({ ...c, provenance: undefined, reason: '', by: 'kit' }));

  it('find nothing between a contract and itself', () => {
    expect(kitRules(doc, parse(original) as JsonObject)).toEqual([]);
  });

  it.each([
    ['maximum lowered', '        maximum: 10000\n', '        maximum: 500\n', 'request-maximum-tightened', true],
    ['maximum raised', '        maximum: 10000\n', '        maximum: 20000\n', 'request-maximum-loosened', false],
    ['minimum raised', '        minimum: 1\n        maximum: 10000\n', '        minimum: 2\n        maximum: 10000\n', 'request-minimum-tightened', true],
    ['minLength raised', '        minLength: 1\n        maxLength: 200\n        pattern', '        minLength: 5\n        maxLength: 200\n        pattern', 'request-minlength-tightened', true],
    ['pattern changed', "        pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$'\n", "        pattern: '^[a-z]+$'\n", 'request-pattern-tightened', true],
    ['enum added', '      x-section: "4.1 A2 rules 1, 4"\n      schema:\n        type: boolean\n', '      x-section: "4.1 A2 rules 1, 4"\n      schema:\n        type: boolean\n        enum: [true]\n', 'request-enum-tightened', true],
  ] as const)('%s', (_, from, to, kind, isBreaking) => {
    const found = rules(edit(original, from, to));
    expect(found.map((c) => [c.kind, c.breaking])).toContainEqual([kind, isBreaking]);
  });
});

describe('docs/contract-evolution.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/contract-evolution.md', import.meta.url)), 'utf8');
  const commands = (/```sh\n([\s\S]*?)```/.exec(doc)?.[1] ?? '')
    .split('\n')
    .filter((l) => l.startsWith('npx resale-kit diff '))
    .map((l) => l.slice('npx '.length));
  const allowList = /```json\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

  it('runs its commands as written: exit 1 on a tightened maximum, exit 0 with its allow-list', async () => {
    expect(commands.length).toBe(2);
    const cwd = mkdtempSync(join(tmpdir(), 'resale-kit-diff-doc-'));
    writeFileSync(join(cwd, 'openapi.yaml'), original);
    writeFileSync(join(cwd, 'proposed.yaml'), edit(original, '        maximum: 10000\n', '        maximum: 500\n'));
    writeFileSync(join(cwd, 'contract-allow.json'), allowList);
    const runs: Finished[] = [];
    for (const c of commands) runs.push(await runToEnd(process.execPath, [BIN, ...c.split(' ').slice(1)], { cwd }));
    expect(runs.map((r) => r.code)).toEqual([1, 0]);
    expect(readFileSync(join(cwd, 'reports/contract-diff.md'), 'utf8')).toContain('request-maximum-tightened');
    expect(runs[1]?.stdout).toContain('ALLOWED');
  }, 120_000);
});

// Outside attacker, round 4: `diff` followed external $refs (Optic's parser): it read /dev/zero until
// 2.4 GB, hung on a URL that never answers, fetched any URL and read any local file.
describe('diff reads one self-contained contract: an external $ref is refused before anything is fetched or read', () => {
  const contractWith = (ref: string): string => {
    const file = join(mkdtempSync(join(tmpdir(), 'ext-ref-')), 'contract.yaml');
    writeFileSync(file, `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /z:\n    $ref: ${JSON.stringify(ref)}\n`);
    return file;
  };
  it.each(['/dev/zero', 'http://127.0.0.1:9/evil.yaml?exfil=1', './other.yaml#/paths/~1z', 'file:///etc/passwd'])('$ref %s: DiffInputError naming it', (ref) => {
    const file = contractWith(ref);
    expect(() => readContract(file)).toThrow(DiffInputError);
    expect(() => readContract(file)).toThrow(/points outside the document; the diff reads one self-contained contract/);
  });
  it('a local $ref is read as before', () => {
    const file = contractWith('#/components/pathItems/z');
    expect(readContract(file).path).toBe(file);
  });
});

// Outside attacker, round 4: `{"allow": [], "allow": [...]}` was read as its last member, silently.
describe('an allow-list with a member name twice in one object is refused', () => {
  it.each([
    ['"allow" twice', '{"allow": [], "allow": [{"pointer": "/paths", "kind": "removed", "reason": "gone on purpose"}]}'],
    ['"reason" twice in an entry', '{"allow": [{"pointer": "/paths", "kind": "removed", "reason": "x", "reason": "gone on purpose"}]}'],
  ])('%s', (_, text) => {
    const file = join(mkdtempSync(join(tmpdir(), 'allow-')), 'allow.json');
    writeFileSync(file, text);
    expect(() => readAllowList(file)).toThrow(/a member name occurs twice in one object/);
  });
  it('one of each is read as before', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'allow-')), 'allow.json');
    writeFileSync(file, '{"allow": [{"pointer": "/paths", "kind": "removed", "reason": "gone on purpose"}]}');
    expect(readAllowList(file)).toHaveLength(1);
  });
});
