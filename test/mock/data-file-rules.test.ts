/**
 * The data file (`--data`) is the mock's input: a date it gives must exist, or the file is
 * refused at start with the file, the entry and the JSON Pointer (exit 2 on the CLI, never a
 * stack trace). Before: `release_date: '2026-13-45'` passed the file check, then A2, B2 and
 * some searches answered 500.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer, DataFileError } from '../../mocks/index.js';
import { runCli } from '../helpers/cli.js';

const NOW = Date.UTC(2026, 10, 20);
const entry = (extra: Record<string, unknown>) => ({ title: 'Invented Runner Fog Grey', brand: 'Nike', sku: 'ZZ9999-001', sizes: ['9', '10'], ...extra });

const BAD: [string, Record<string, unknown>, string][] = [
  ['month 13', { release_date: '2026-13-45' }, '/products/0/release_date'],
  ['February 30', { release_date: '2025-02-30' }, '/products/0/release_date'],
  ['April 31 in a sale time', { release_date: '2025-01-10', market_a: { sales: [{ size: '9', amount: 120, at: '2025-04-31T10:00:00Z' }] } }, '/products/0/market_a/sales/0/at'],
  ['hour 24', { release_date: '2025-01-10T24:00:00Z' }, '/products/0/release_date'],
];

describe('dates in the data file exist', () => {
  it.each(BAD)('%s: refused at start with the entry and the pointer', (_name, extra, pointer) => {
    let err: unknown;
    try {
      createMockServer({ products: 50, now: NOW, data: { name: 'bad.yaml', value: { products: [entry(extra)] } } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    expect((err as DataFileError).issues.some((i) => i.pointer === pointer && /not a date that exists/.test(i.message))).toBe(true);
  });

  it('a real date passes', () => {
    expect(() => createMockServer({ products: 50, now: NOW, data: { name: 'ok.yaml', value: { products: [entry({ release_date: '2024-02-29' })] } } })).not.toThrow();
  });

  it('on the command line: exit 2, the file, the entry and the pointer, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-rules-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ products: [entry({ release_date: '2026-13-45' })] }));
    const res = await runCli(['mock', '--port', '0', '--products', '50', '--data', file]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('bad.json');
    expect(res.stderr).toContain('/products/0/release_date');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  }, 30_000);
});
