/**
 * The shared text helpers keep a server's bidi and C1 controls out of the reports (attacker
 * probe 8, L1: the JUnit and HTML reports kept U+202E and U+009B raw, so a report could show
 * text reversed, and a terminal reading the JUnit file take a one-byte CSI).
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkup, xmlText } from '../../contract/text.js';

const HOSTILE = 'ok \u202eTXT.exe \u2066x\u2069 \u009b2J \u0085 end';

describe('report text', () => {
  it('HTML shows bidi controls as \\uNNNN and C1 controls as \\xNN', () => {
    const out = escapeMarkup(HOSTILE);
    expect(out).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('\\u202e');
    expect(out).toContain('\\x9b');
  });

  it('XML (JUnit) shows them as \\uNNNN, and keeps ordinary text', () => {
    const out = xmlText(HOSTILE);
    expect(out).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('\\u202e');
    expect(out).toContain('\\u009b');
    expect(xmlText('Nike Air Max 1 “Pink” – 42 2/3 é')).toBe('Nike Air Max 1 “Pink” – 42 2/3 é');
  });
});

describe('printing a URL with path matrix parameters (attacker probe 8, L7: `--base-url` with `;jsessionid=SECRET` was printed and reported)', () => {
  it('printableUrl redacts a secret-named matrix parameter and keeps the rest', async () => {
    const { printableUrl, urlSecrets } = await import('../../contract/text.js');
    const url = 'http://127.0.0.1:4010/api;jsessionid=S3CR3T-77;lang=en/v3?q=1';
    expect(printableUrl(url)).toBe('http://127.0.0.1:4010/api;jsessionid=[redacted];lang=en/v3?q=1');
    expect(urlSecrets(url)).toContain('S3CR3T-77');
    expect(printableUrl('http://127.0.0.1:4010/api;lang=en')).toBe('http://127.0.0.1:4010/api;lang=en');
  });
});
