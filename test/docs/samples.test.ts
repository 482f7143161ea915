/**
 * Figures of the docs' samples that must agree with themselves or with the kit (newcomer probe,
 * round 4): the report sample's phases add up to its requests; the container page's size is the
 * one `npm run image:test` checks (scripts/image-test.mjs reads it with the same pattern).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8');

describe('doc samples agree with themselves', () => {
  it('docs/conformance-report.md: the phases add up to "requests", and pass + fail + skip to "total"', () => {
    const doc = read('docs/conformance-report.md');
    const requests = Number(/"requests": (\d+),\s+\/\/ HTTP requests made/.exec(doc)?.[1]);
    const phases = [...doc.matchAll(/\{ "name": "\w+", "requests": (\d+) \}/g)].map((m) => Number(m[1]));
    expect(phases).toHaveLength(5);
    expect(phases.reduce((a, b) => a + b, 0)).toBe(requests);
    const t = /"total": (\d+), "pass": (\d+), "fail": (\d+), "skip": (\d+)/.exec(doc)?.slice(1).map(Number) ?? [];
    expect(t).toHaveLength(4);
    expect(t[1]! + t[2]! + t[3]!).toBe(t[0]);
  });

  it("README.md and docs/conformance.md state the registry's check counts by level (newcomer probe 8: a new check left them stale)", async () => {
    const { CHECKS } = await import('../../conformance/checks/index.js');
    const by = (level: string): number => CHECKS.filter((c) => c.level === level).length;
    const want = [CHECKS.length, by('must'), by('should'), by('info')];
    for (const doc of ['README.md', 'docs/conformance.md']) {
      const m = /runs (\d+) checks[^]*?(\d+) \*\*must\*\*[^]*?(\d+) \*\*should\*\*[^]*?(\d+) \*\*info\*\*/.exec(read(doc));
      expect(m, doc).not.toBeNull();
      expect(m?.slice(1).map(Number), doc).toEqual(want);
    }
  });

  it('docs/container.md states the image size in the form image:test checks', () => {
    expect(read('scripts/image-test.mjs')).toContain('/about\\s+(\\d+)\\s+MB/');
    expect(Number(/about\s+(\d+)\s+MB/.exec(read('docs/container.md'))?.[1])).toBeGreaterThan(100);
  });
});

describe('the start-up sample of README.md and docs/mock.md', () => {
  it('is what the mock prints on the defaults (port 4010, the README clock)', async () => {
    const { banner } = await import('../../cli/mock-command.js');
    const { createMockServer } = await import('../../mocks/index.js');
    const mock = createMockServer({ now: Date.parse('2026-11-21T00:00:00Z') });
    const printed = banner(mock, 'http://127.0.0.1:4010', 1).trimEnd().split('\n');
    for (const doc of ['README.md', 'docs/mock.md']) {
      const block = /```\nBuilding the data world[^\n]*\n([\s\S]*?)```/.exec(read(doc))?.[1];
      expect(block, doc).toBeDefined();
      expect((block as string).trimEnd().split('\n'), doc).toEqual(printed);
    }
  }, 60_000);
});

describe('the start-up message of a replaying mock', () => {
  it('offers no URL of the seeded world when every unrecorded request is a 404 (newcomer 2, finding 8), and does with --replay-fallback', async () => {
    const { banner } = await import('../../cli/mock-command.js');
    const { createMockServer } = await import('../../mocks/index.js');
    const { loadHar } = await import('../../traffic/index.js');
    const replay = loadHar(join(ROOT, 'examples', 'recordings', 'browsing-session.har'));
    for (const [replayFallback, offered] of [
      [false, false],
      [true, true],
    ] as const) {
      const text = banner(createMockServer({ products: 50, replay, replayFallback }), 'http://127.0.0.1:4010', 1);
      expect(text).toContain('replaying');
      expect(text.includes('  try: curl'), `fallback ${replayFallback}`).toBe(offered);
      expect(text.includes('/fixtures'), `fallback ${replayFallback}`).toBe(offered);
    }
  }, 60_000);
});
