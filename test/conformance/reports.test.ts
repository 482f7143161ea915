/**
 * The report formats: JSON with the documented fields, JUnit mapping checks to test cases,
 * a self-contained HTML page grouped by section with failures first.
 */
import { describe, expect, it } from 'vitest';
import { isReportFormat, parseReportTarget, REPORT_FORMATS, runConformance, sectionOf, toHtml, toJson, toJunit, type Report } from '../../conformance/index.js';
import { listeningMock } from '../helpers/servers.js';

async function reportOf(mutant?: string): Promise<Report> {
  const mock = await listeningMock({ mutant, seed: 'reports' });
  try {
    return await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 });
  } finally {
    await mock.close();
  }
}

describe('reports', () => {
  it('JSON: results carry check, level, outcome, operation, requirement, message and the request; summary counts them', async () => {
    const report = await reportOf('daily-not-midnight');
    const parsed = JSON.parse(toJson(report)) as Report;
    expect(parsed.format).toBe('resale-kit-conformance/1');
    for (const r of parsed.results) {
      expect(r).toMatchObject({
        check: expect.any(String),
        level: expect.stringMatching(/^(must|should|info)$/),
        outcome: expect.stringMatching(/^(pass|fail|skip)$/),
        operation: expect.any(String),
        requirement: expect.any(String),
        message: expect.any(String),
      });
    }
    const fail = parsed.results.find((r) => r.check === 'daily-one-per-day' && r.outcome === 'fail');
    expect(fail).toMatchObject({ request: { method: 'GET', url: expect.stringContaining('/sales/daily') }, status: 200, location: '/data/0/date', evidence: expect.stringContaining('T12:00:00Z') });
    const s = parsed.summary;
    expect(s.pass + s.fail + s.skip).toBe(parsed.results.length);
    expect(s.verdict).toBe('fail');
  });

  it('JUnit: one test case per check and operation, failures with their message', async () => {
    const xml = toJunit(await reportOf('b3-wrong-type'));
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toMatch(
      /<testcase classname="conformance\.must\.b3-sale-type" name="b3-sale-type listMarketBProductSales">\s*<properties>\s*<property name="resale-kit\.finding" value="must"\/>\s*<\/properties>\s*<failure message="§4\.2 rule 2/,
    );
    expect(xml).toMatch(/<testsuite name="resale-kit conformance \(should\)/);
    expect((xml.match(/<testcase /g) ?? []).length).toBeGreaterThan(40);
  });

  it('HTML: one self-contained page, sections with failures first, failures with the request and the offending part', async () => {
    const html = toHtml(await reportOf('b2-no-variants'));
    expect(html).not.toMatch(/<script|<link|src="http/);
    // Each section's heading is the description's, linked to docs/contract.md (test/docs/reference.test.ts resolves every link).
    const firstSection = /<section><h2><a href="[^"]+#s1">([^<]+)<\/a>/.exec(html)?.[1]?.trim();
    expect(firstSection).toBe('§1 What the service does');
    expect(html).toContain('variants is null; B2 returns the variants');
    expect(html).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/v3\/market_b\/products\/\d+/);
    expect(html.indexOf('Contract decisions')).toBeGreaterThan(html.indexOf('§2'));
  });

  it('sections come from the requirement', () => {
    expect(sectionOf('§4.1 A2 rule 1: ...')).toBe('§4.1');
    expect(sectionOf('decision §7: ...')).toBe('Contract decisions');
    // An RFC's sections are not the description's: the first section of the description counts, else Other.
    expect(sectionOf('RFC 9110 §13.1.2, §15.4.5: ... (§4.1 A2)')).toBe('§4.1');
    expect(sectionOf('RFC 9110 §15.5.6: a method the resource does not support')).toBe('Other');
    expect(sectionOf('§2.11 a subsection the description lacks')).toBe('§2');
  });
});

describe('report formats come from one registry', () => {
  it.each(REPORT_FORMATS.map((f) => [f]))('--report %s=PATH is accepted', (format) => {
    expect(parseReportTarget(`${format}=out/r`)).toEqual({ format, path: 'out/r' });
  });
  it('an unknown format is refused with the list of formats', () => {
    expect(() => parseReportTarget('pdf=r.pdf')).toThrow(new RegExp(REPORT_FORMATS.map((f) => `${f}=PATH`).join('.*')));
    expect(isReportFormat('toString')).toBe(false);
  });
});
