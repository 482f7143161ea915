/**
 * An empty environment variable counts as unset (attacker 8, L6): `RESALE_KIT_MOCK_PORT=` (a
 * compose file's blank line) was a usage error instead of the default.
 */
import { Command, Option } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { wholeNumber } from '../../cli/args.js';
import { withEnvironment } from '../../cli/env.js';

const command = (): Command =>
  withEnvironment(
    new Command('mock')
      .exitOverride()
      .configureOutput({ writeErr: () => undefined })
      .addOption(new Option('--port <n>').default(4010).argParser(wholeNumber('--port')))
      .action(() => undefined),
  );

afterEach(() => {
  delete process.env.RESALE_KIT_MOCK_PORT;
});

describe('options from the environment', () => {
  it('an empty variable leaves the default', () => {
    process.env.RESALE_KIT_MOCK_PORT = '';
    const c = command();
    c.parse([], { from: 'user' });
    expect(c.opts().port).toBe(4010);
  });

  it('a variable with a value is parsed, and a wrong one is still refused', () => {
    process.env.RESALE_KIT_MOCK_PORT = '0';
    const c = command();
    c.parse([], { from: 'user' });
    expect(c.opts().port).toBe(0);
    process.env.RESALE_KIT_MOCK_PORT = 'x';
    expect(() => command().parse([], { from: 'user' })).toThrow(/--port must be a whole number/);
  });
});
