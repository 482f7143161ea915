/**
 * Which command lines run the mock in a serving thread (cli/serving-thread.ts `servesFromThread`,
 * issue 33): a one-process `mock`, never its help, `--workers N` above 1 or another command.
 * What the thread's main thread relays is in serving-thread.test.ts (slow tier: it starts processes).
 */
import { describe, expect, it } from 'vitest';
import { servesFromThread } from '../../cli/serving-thread.js';

describe('servesFromThread: the command lines that serve from a thread', () => {
  const cases: [string[], Record<string, string>, boolean][] = [
    [['mock'], {}, true],
    [['mock', '--port', '0', '--products', '50'], {}, true],
    [['mock', '--workers', '1'], {}, true],
    [['mock', '--workers=1'], {}, true],
    // As a number, as the option reads it (attacker 9, finding 10: `01` served on the main thread).
    [['mock', '--workers', '01'], {}, true],
    [['mock', '--workers= 1'], {}, true],
    [['mock'], { RESALE_KIT_MOCK_WORKERS: '001' }, true],
    [['mock', '--workers', '10'], {}, false],
    [['mock'], { RESALE_KIT_MOCK_WORKERS: '' }, true],
    [['mock', '--workers', '2'], {}, false],
    [['mock', '--workers=4'], {}, false],
    [['mock'], { RESALE_KIT_MOCK_WORKERS: '2' }, false],
    [['mock', '--workers', '1'], { RESALE_KIT_MOCK_WORKERS: '2' }, true],
    [['mock', '--workers'], {}, false],
    [['mock', '--workers', 'x'], {}, false],
    [['mock', '--help'], {}, false],
    [['mock', '-h'], {}, false],
    [['mock', '--', '--help'], {}, true],
    [['conformance', '--base-url', 'http://127.0.0.1:1'], {}, false],
    [['proxy'], {}, false],
    [[], {}, false],
  ];
  it.each(cases)('%j with %j: %s', (args, env, expected) => {
    expect(servesFromThread(args, env)).toBe(expected);
  });
});
