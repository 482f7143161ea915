/**
 * Keys a client cannot send are refused at start (exit 2), and the refusal never prints the key:
 * HTTP strips leading and trailing white space from a field value (RFC 9110 §5.5), so a key
 * `' k '` could never match; spaces inside make `Bearer KEY` ambiguous.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer, OptionError } from '../../mocks/index.js';
import { runCli } from '../helpers/cli.js';

const BAD: [string, string][] = [
  ['a leading space', ' secret-key-1234'],
  ['a trailing space', 'secret-key-1234 '],
  ['a tab inside', 'secret\tkey-1234'],
  ['a space inside', 'secret key-1234'],
  ['a newline', 'secret-key-1234\n'],
  ['non-ASCII', 'sécret-key-1234'],
  ['a control character', 'secret\u0001key'],
];

describe('keys that cannot be sent', () => {
  it.each(BAD)('%s: refused when the mock is created, the key not in the message', (_name, key) => {
    let err: unknown;
    try {
      createMockServer({ products: 10, keys: { [key]: 'Pro' } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OptionError);
    expect((err as Error).message).toContain('cannot be sent in an Authorization header');
    expect((err as Error).message).not.toContain(key.trim());
  });

  it('a key with a trailing space on the command line: exit 2, one line, no stack, no key', async () => {
    const res = await runCli(['mock', '--port', '0', '--products', '10', '--key', 'my-secret-key-42 =Pro']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('cannot be sent in an Authorization header');
    expect(res.stderr).not.toContain('my-secret-key-42');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  }, 30_000);

  it('an ordinary key is accepted', () => {
    expect(() => createMockServer({ products: 10, keys: { 'ABCDE-1A2B-3C4D-5E6F-0123456789AB': 'Pro' } })).not.toThrow();
  });
});

describe("the mock's index (GET /) never shows a configured key whole (outside attacker, finding 10)", () => {
  it('masks a key given to the mock as the banner does; the public demo keys stay whole', async () => {
    const { createMockServer } = await import('../../mocks/index.js');
    const secret = 'sk-live-0123456789abcdef0123456789abcdef';
    const m = createMockServer({ products: 50, keys: { [secret]: 'Pro', 'demo-free': 'Free' } });
    const res = m.core.respond({ method: 'GET', url: '/', headers: {} });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(secret.slice(8));
    const keys = (JSON.parse(res.body) as { keys: { key: string; tier: string }[] }).keys;
    expect(keys).toContainEqual({ key: 'demo-free', tier: 'Free' });
    expect(keys.find((k) => k.tier === 'Pro')?.key).toMatch(/^sk-l… \(40 characters\)$/);
  });
});
