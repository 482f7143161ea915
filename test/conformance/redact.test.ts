/**
 * The redactor (conformance/redact.ts), case by case: every form of a whole secret goes, pieces
 * of a secret stay (they are data: issue 21), the suite's own words stay, and text without
 * secrets is left exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { Redactor, redactorFor, terminalSafe } from '../../conformance/index.js';

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
    // Attacker probe 6: forms that got past the redactor.
    ['hex bytes with colons', Buffer.from(SECRET).toString('hex').match(/../g)?.join(':') ?? '', '[redacted]'],
    ['hex bytes with spaces, upper case', (Buffer.from(SECRET).toString('hex').match(/../g)?.join(' ') ?? '').toUpperCase(), '[redacted]'],
    ['percent-encoded twice', encodeURIComponent([...Buffer.from(SECRET)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')), '[redacted]'],
    ['base64 of UTF-16LE', Buffer.from(SECRET, 'utf16le').toString('base64'), '[redacted]'],
    ['reversed', [...SECRET].reverse().join(''), '[redacted]'],
    ['HTML references', '&#83;&#x45;CRET-PAID-8c1f2e', '[redacted]'],
    ['a short secret, whole only', 'short abc and abcd', 'short [redacted] and [redacted]d'],
    ['beside astral characters', 'ok 🎉 SECRET-PAID-8c1f2e', 'ok 🎉 [redacted]'],
    ['hexadecimal, lower case (round 4 attacker, M4)', `key=${Buffer.from(SECRET).toString('hex')};`, 'key=[redacted];'],
    ['hexadecimal, upper case', `key=${Buffer.from(SECRET).toString('hex').toUpperCase()}`, 'key=[redacted]'],
    ["a short secret's hexadecimal is data", 'colour 616263', 'colour 616263'],
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

describe("Redactor with nearForms (a run's own outputs): a key echoed mangled is the key", () => {
  const KEY = 'FREE-KEY-51d0c3b2';
  const near = new Redactor([KEY, 'short-key'], [], { nearForms: true });
  it.each([
    ['one character replaced, JSON-escaped', `"key":"\\u0053${KEY.slice(1)}"`, '"key":"[redacted]"'],
    ['one character replaced, in the middle', 'k FREE-KEY-51d0X3b2 k', 'k [redacted] k'],
    ['one character dropped', 'k FREE-KEY-51d03b2 k', 'k [redacted] k'],
    ['one character added', 'k FREE-KEY-51d0cc3b2 k', 'k [redacted] k'],
    ['another letter case', 'k free-key-51D0C3B2 k', 'k [redacted] k'],
    ['the key itself, with its neighbours kept', `(${KEY})`, '([redacted])'],
    ['twice, percent-encoded once', `${KEY.slice(0, -1)}x %46REE-KEY-51d0c3b2`, '[redacted] [redacted]'],
    // Left by attacker probe 6: a spacer between each letter.
    ['a space between each letter', `key: ${[...KEY].join(' ')}.`, 'key: [redacted].'],
    ['a zero-width space after each letter', [...KEY].map((c) => `${c}\u200b`).join(''), '[redacted]\u200b'],
    ['dots and lower case', [...KEY.toLowerCase()].join('.'), '[redacted]'],
    ['two spacers between each letter, JSON-escaped', JSON.stringify([...KEY].join('\u200b ')), '"[redacted]"'],
    ["a sentence with the key's first letters spaced is data", 'F R E E - K E Y is free', 'F R E E - K E Y is free'],
  ])('%s', (_name, input, output) => {
    expect(near.text(input)).toBe(output);
  });

  it('two edits, a piece, or a secret under NEAR_MIN characters: data, left alone', () => {
    for (const text of ['SREE-KEY-51d0c3bX', 'FREE-KEY-51d0', 'REE-KEY-51d0c3', 'short-kex and short-ke', 'FREE-KEY-51  d0c3b2', 'FREE-KEY-51d0c3b2'.toUpperCase().slice(0, 15)]) expect(near.text(text)).toBe(text);
  });

  it('is off by default: recordings keep everything but the secret itself', () => {
    expect(new Redactor([KEY]).text(`S${KEY.slice(1)}`)).toBe(`S${KEY.slice(1)}`);
  });

  it('stays linear: a megabyte of halves of the key', () => {
    const text = 'FREE-KEY and 51d0c3b2 '.repeat(50_000);
    const started = performance.now();
    expect(near.text(text) === text).toBe(true);
    // A loose bound: quadratic work on this text would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('terminalSafe', () => {
  it.each([
    ['ESC and BEL', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['a C1 CSI', 'a\u009b31mb', 'a\\x9b31mb'],
    ['newline and carriage return', 'a\nPASS\rb', 'a\\x0aPASS\\x0db'],
    ['DEL', 'a\u007fb', 'a\\x7fb'],
    ['a bidi override', 'a\u202eb', 'a\\u{202e}b'],
    // Attacker probe 6: invisible and direction-changing characters that reached the terminal raw.
    ['bidi marks', 'a\u200fb\u061cc\u200ed', 'a\\u{200f}b\\u{61c}c\\u{200e}d'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u{2028}b\\u{2029}c'],
    ['zero-width, word joiner, BOM, soft hyphen', 'p\u200ba\u200dy\u2060l\ufeffo\u00ada', 'p\\u{200b}a\\u{200d}y\\u{2060}l\\u{feff}o\\xada'],
    ['Hangul filler, interlinear annotation', 'a\u3164b\ufff9c\ufffbd', 'a\\u{3164}b\\u{fff9}c\\u{fffb}d'],
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

describe("a run's redactor (redactorFor): attacker probe 7", () => {
  it('takes a secret of any length: a 6,000-character token is redacted, and nothing throws or quotes it', () => {
    const long = `sk-live-${'Q7x'.repeat(2000)}`;
    const r = redactorFor({ apiKey: 'demo-premium', headers: { 'X-Token': long } });
    expect(r.text(`echo ${long} and Bearer ${long}`)).toBe('echo [redacted] and Bearer [redacted]');
  });

  it('leaves a value of a few characters in text (X-Api-Version: 3, X-Debug: e): ids, URLs and JSON stay whole', () => {
    const r = redactorFor({ apiKey: 'demo-premium', headers: { 'X-Debug': 'e', 'X-Api-Version': '3' } });
    const json = JSON.stringify({ strict: false, name: 'Discovering products', url: 'http://127.0.0.1:5311/v3/market_a', id: '441f89a4-f3d8' });
    expect(r.text(json)).toBe(json);
    expect(r.header('X-Debug', 'e')).toEqual({ value: '[redacted]', redacted: true });
  });

  it('redacting twice changes nothing: a hit inside a marker is no secret', () => {
    const r = new Redactor(['e', 'red', 'SECRET-PAID-8c1f2e']);
    const once = r.text('Discovering SECRET-PAID-8c1f2e');
    expect(r.text(once)).toBe(once);
    expect(once).toContain('[redacted]');
  });
});
