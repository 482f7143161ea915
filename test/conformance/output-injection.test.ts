/**
 * Text a server or a recording controls, written into the kit's outputs (attacker probe 6): it must
 * stay data in every format. Each case failed before its fix:
 * - JUnit: a `]]>` in a problem's `detail` ended the CDATA section and added test cases and
 *   failures of the server's own (xmlbuilder splits only the first `]]>`);
 * - Markdown (compat, diff): a backtick closed the code span a name was put in, and links, images,
 *   emphasis and @-mentions rendered;
 * - the drift overlay: raw C1 controls (PyYAML refuses the file) and `</script>` in descriptions;
 * - JSON bodies: a lone surrogate in a slug stopped discovery (`encodeURIComponent` threw), and a
 *   2 MB member name was copied whole into every finding;
 * - recordings: `X-Auth-Token`-like headers were kept as sent; a recorded key's caller name was
 *   sha256(key), which lets anyone with the log test guessed keys.
 */
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillPath, hasLoneSurrogate, markdownCell, markdownCode, xmlText } from '../../contract/index.js';
import { isCredentialHeader, runConformance, toJunit, type Report } from '../../conformance/index.js';
import { scanBody } from '../../conformance/json-scan.js';
import { overlayYaml } from '../../traffic/drift/overlay.js';
import { recordedExchanges } from '../../traffic/offline/recorded.js';
import { ContractValidator } from '../../contract/index.js';
import { harEntry } from '../helpers/har-entry.js';
import { listeningMock } from '../helpers/servers.js';

const FORGE = "]]><![CDATA[ ]]></system-err></testcase><testcase classname='conformance.must.forged' name='FORGED'><failure message='written by the server'/><system-err><![CDATA[";

/** The elements of an XML text outside its CDATA sections (a section ends at its first `]]>`, as XML reads it). */
const outsideCdata = (xml: string): string => xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
const count = (text: string, what: RegExp): number => (text.match(what) ?? []).length;

let report: Report;
beforeAll(async () => {
  const mock = await listeningMock({ mutant: 'daily-not-midnight', seed: 'output-injection' });
  try {
    report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, checks: ['daily-one-per-day', 'response-schema'] });
  } finally {
    await mock.close();
  }
}, 60_000);

describe('JUnit: server text never adds elements', () => {
  it('a `]]>` payload in every message, evidence, location and URL leaves the test cases and failures as they were', () => {
    const clean = outsideCdata(toJunit(report));
    const hostile: Report = {
      ...report,
      results: report.results.map((r) => ({
        ...r,
        message: `${r.message} ${FORGE}${FORGE}`,
        ...(r.evidence !== undefined ? { evidence: `${FORGE} ${r.evidence} ]]>` } : {}),
        ...(r.location !== undefined ? { location: `${r.location}]]>${FORGE}` } : {}),
      })),
    };
    const xml = outsideCdata(toJunit(hostile));
    expect(count(clean, /<failure\b/g)).toBeGreaterThan(0);
    expect(count(xml, /<testcase\b/g)).toBe(count(clean, /<testcase\b/g));
    expect(count(xml, /<failure\b/g)).toBe(count(clean, /<failure\b/g));
    expect(xml).not.toMatch(/<testcase[^>]*FORGED/); // in an attribute the payload is escaped text
    expect(xmlText('a]]>b]]>c')).toBe('a]]\\u003eb]]\\u003ec');
    expect(xmlText('x\u0000\ud800y')).toBe('x\\u0000\\ud800y');
  });
});

describe('Markdown cells and code spans', () => {
  const name = 'x` @security-team **APPROVED** [Click](https:evil.example) ![](https:evil.example) #1 <img src=x> | y';
  it('markdownCell: every character Markdown reads is escaped, and @ mentions no one', () => {
    const cell = markdownCell(name);
    expect(cell.replace(/&#\d+;/g, '')).not.toMatch(/(^|[^\\])[`*_[\]()!#~|]/); // the HTML character references aside
    expect(cell).not.toMatch(/[<>]/);
    expect(cell).not.toMatch(/@(?!\u2060)/);
    expect(markdownCell('a\nb')).toBe('a b');
  });
  it('markdownCode: a fence longer than any run of backticks inside', () => {
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
    expect(markdownCode('plain </script>')).toBe('`plain </script>`');
  });
});

describe('drift overlay', () => {
  it('C1 controls are escapes YAML parsers accept, and the example is a code span with controls shown', () => {
    const drift = {
      kind: 'undeclared-member',
      pointer: '/components/schemas/ProductA',
      name: 'x\u009bname',
      at: '/data',
      types: ['string'],
      count: 1,
      operations: ['getMarketAProduct'],
      example: '"</script><script>alert(9)</script>\u009b31m"',
    } as unknown as Parameters<typeof overlayYaml>[0][number];
    const text = overlayYaml([drift], 'traffic.har');
    expect(text).not.toMatch(/[\u0080-\u009f]/);
    const doc = parse(text) as { actions: { description: string; update: { properties: Record<string, unknown> } }[] };
    expect(Object.keys(doc.actions[0]?.update.properties ?? {})).toEqual(['x\u009bname']);
    expect(doc.actions[0]?.description).toContain('first example: `"</script><script>alert(9)</script>\\x9b31m"`');
  });
});

describe('JSON bodies a server controls', () => {
  it('a lone surrogate: a path still fills, and the scan reports it with its place', () => {
    expect(() => fillPath('/v3/market_a/products/{id_or_slug}', () => 'nike-dunk\ud800')).not.toThrow();
    expect(fillPath('/p/{id}', () => 'a\ud800b/c')).toBe('/p/a%EF%BF%BDb%2Fc');
    expect(hasLoneSurrogate('ok \ud83d\ude00')).toBe(false);
    const text = '{"data":[{"slug":"nike-dunk\\ud800","name":"ok \\ud83d\\ude00","\\udc00":1}]}';
    expect(scanBody(Buffer.from(text), text).loneSurrogates.map((l) => l.pointer)).toEqual(['/data/0/slug', '/data/0/\udc00']);
  });
  it('a 2 MB member name is cut in findings and pointers', () => {
    const big = 'n'.repeat(2_000_000);
    const text = `{"a":{"${big}":1,"${big}":2}}`;
    const scan = scanBody(Buffer.from(text), text);
    expect(scan.duplicates).toHaveLength(1);
    expect(scan.duplicates[0]?.name.length).toBeLessThan(300);
    expect(scan.duplicates[0]?.pointer).toBe('/a');
  });
});

describe('credentials in recordings', () => {
  it.each([
    ['X-Auth-Token', true],
    ['X-Custom-Token', true],
    ['Api-Key', true],
    ['X-Session-Id', true],
    ['X-Client-Secret', true],
    ['Authorization', true],
    ['X-Key-Type', false],
    ['X-Quota-Current', false],
    ['Content-Type', false],
    ['X-Tokenizer', false],
  ])('%s is a credential header: %s', (name, yes) => {
    expect(isCredentialHeader(name)).toBe(yes);
  });

  it('a recorded key is named by a tag keyed by the recording, not by sha256(key)', () => {
    const key = 'paidkey-SECRET123456';
    const entry = harEntry('/v3/market_a/products?query=nike', (e) => {
      e.startedDateTime = '2026-11-28T00:00:00.000Z';
      e.request.headers = [{ name: 'Authorization', value: `Bearer ${key}` }];
    });
    const tagsOf = (e: Record<string, unknown>): string[] => recordedExchanges([e] as never, new ContractValidator(), { tiers: {} }).recorded.map((r) => r.caller);
    const tags = tagsOf(entry);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatch(/^key:[0-9a-f]{16}$/);
    expect(tags[0]).not.toBe(`key:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`);
    expect(tagsOf(entry)).toEqual(tags); // the same file names the caller alike, run after run
  });
});
