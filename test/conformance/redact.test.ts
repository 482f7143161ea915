/**
 * The redactor (conformance/redact.ts), case by case: every form of a whole secret goes, pieces
 * of a secret stay (they are data: issue 21), the suite's own words stay, and text without
 * secrets is left exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { Redactor, terminalSafe } from '../../conformance/index.js';

const SECRET = 'SECRET-PAID-8c1f2e';
const r = new Redactor([SECRET, 'abc'], ['premium-entitled', 'the premium operations']);

describe('Redactor', () => {
  it.each([
    ['literal', `key ${SECRET} here`, 'key [redacted] here'],
    ['a piece of the secret is data', 'Bearer SECRET-PAID-8c', 'Bearer SECRET-PAID-8c'],
    ['a 6-character piece is data', 'tail RET-PA', 'tail RET-PA'],
    ['JSON-escaped', '\\u0053ECRET-PAID-8c1f2e', '[redacted]'],
    ['JSON-escaped twice', '\\\\u0053\\\\u0045CRET-PAID-8c1f2e', '[redacted]'],
    ['percent-encoded', '%53ECRET-PAID-8c1f2e', '[redacted]'],
    ['HTML references', '&#83;&#x45;CRET-PAID-8c1f2e', '[redacted]'],
    ['a short secret, whole only', 'short abc and abcd', 'short [redacted] and [redacted]d'],
    ['beside astral characters', 'ok 🎉 SECRET-PAID-8c1f2e', 'ok 🎉 [redacted]'],
  ])('%s', (_name, input, output) => {
    expect(r.text(input)).toBe(output);
  });

  it('leaves text without secrets untouched', () => {
    const text = 'no secret here: SECRE is a 5-character piece, PAID another, 8c1f too';
    expect(r.text(text)).toBe(text);
  });

  it("keeps the suite's own words that a key happens to contain, and still removes the key", () => {
    const demo = new Redactor(['demo-premium'], ['premium-entitled']);
    expect(demo.text('premium-entitled: 4 pass')).toBe('premium-entitled: 4 pass');
    expect(demo.text('Authorization: Bearer demo-premium')).toBe('Authorization: Bearer [redacted]');
    expect(demo.text('cut: demo-premi')).toBe('cut: demo-premi');
  });

  it('redacts every string of a JSON value, keys included', () => {
    expect(r.value({ [SECRET]: [`x ${SECRET}`, 1, null] })).toEqual({ '[redacted]': ['x [redacted]', 1, null] });
  });
});

describe('terminalSafe', () => {
  it.each([
    ['ESC and BEL', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['a C1 CSI', 'a\u009b31mb', 'a\\x9b31mb'],
    ['newline and carriage return', 'a\nPASS\rb', 'a\\x0aPASS\\x0db'],
    ['DEL', 'a\u007fb', 'a\\x7fb'],
    ['a bidi override', 'a\u202eb', 'a\\u{202e}b'],
    ['plain text', 'Pokémon ジョーダン', 'Pokémon ジョーダン'],
  ])('%s', (_name, input, output) => {
    expect(terminalSafe(input)).toBe(output);
  });
});

describe('Redactor.add', () => {
  it('a secret added later is removed from then on; adding it again changes nothing', () => {
    const later = new Redactor([]);
    expect(later.text('key LATE-KEY-123456')).toBe('key LATE-KEY-123456');
    expect(later.add('LATE-KEY-123456')).toBe(true);
    expect(later.add('LATE-KEY-123456')).toBe(false);
    expect(later.size).toBe(1);
    expect(later.text('key LATE-KEY-123456')).toBe('key [redacted]');
  });
});
