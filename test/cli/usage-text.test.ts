/**
 * Usage errors as printed (attacker 8, H6, M1, M2, L6): a mistyped flag never echoes its value,
 * no ESC, C1 or bidi control reaches the terminal raw, a quoted value is at most 200 characters.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUOTED, consoleText, quoted, usageErrorText } from '../../cli/usage-text.js';

const RAW = /[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe('usageErrorText', () => {
  it('keeps only the name of an unknown option, never its value', () => {
    expect(usageErrorText("error: unknown option '--api-keys=sk_live_SECRET123'\n")).toBe("error: unknown option '--api-keys'\n");
    expect(usageErrorText("error: unknown option '--headr=Authorization: Bearer sk_live_S'ECRET'\n")).toBe("error: unknown option '--headr'\n");
    expect(usageErrorText("error: unknown option '-kSECRET'\n")).toBe("error: unknown option '-k'\n");
    expect(usageErrorText("error: unknown option '--api-keys=sk_live_SECRET' (Did you mean --api-key?)\n")).toBe("error: unknown option '--api-keys' (Did you mean --api-key?)\n");
  });

  it('escapes ESC/OSC, C1, bidi controls and line breaks in unknown options and commands', () => {
    const option = usageErrorText("error: unknown option '--x\u001b]0;PWNED\u0007\u001b[31mRED\nerror: forged'\n");
    expect(option).not.toMatch(RAW);
    expect(option.trimEnd().split('\n')).toHaveLength(1);
    const command = usageErrorText("error: unknown command 'mo\u001b[2Jck\u202e\u009b'\n");
    expect(command).not.toMatch(RAW);
    expect(command).toContain('\\x1b[2J');
  });

  it('escapes C1 and bidi left raw by JSON.stringify in parser messages, and leaves the argument out', () => {
    const text = usageErrorText(`error: option '--port <n>' argument '\u202e12' is invalid. --port must be a whole number, got ${JSON.stringify('\u202e12\u009b')}\n`);
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u{202e}12\\x9b');
  });

  it('quotes at most MAX_QUOTED characters of a value', () => {
    const long = 'x'.repeat(5000);
    const text = usageErrorText(`error: option '--now <t>' argument '${long}' is invalid. --now must be a time, got ${JSON.stringify(long)}\n`);
    expect(text.length).toBeLessThan(400);
    expect(quoted(long)).toHaveLength(MAX_QUOTED + 3);
  });
});

describe('consoleText', () => {
  it('escapes a line break inside a line of a console report: a contract cannot forge a verdict line', () => {
    const text = consoleText(['  removed  /paths/~1a\nCOMPATIBLE: 0 consumer breaks', 'BREAKS: 1']);
    expect(text.split('\n')).toEqual(['  removed  /paths/~1a\\x0aCOMPATIBLE: 0 consumer breaks', 'BREAKS: 1', '']);
  });
});
