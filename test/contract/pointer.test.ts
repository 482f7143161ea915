/**
 * JSON Pointer (RFC 6901) helpers of contract/pointer.ts, the one place that escapes, unescapes
 * and reads pointers; a scan of the sources shows no copy of the escape written elsewhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeToken, getAt, ownAt, parsePointer, toPointer, unescapeToken, type Json } from '../../contract/index.js';

const ROOT = join(import.meta.dirname, '../..');

describe('JSON Pointer tokens', () => {
  it.each([
    ['a/b', 'a~1b'],
    ['m~n', 'm~0n'],
    ['~1', '~01'],
    ['/v3/market_a/products', '~1v3~1market_a~1products'],
    ['', ''],
  ])('%j escapes to %j and back', (raw, escaped) => {
    expect(escapeToken(raw)).toBe(escaped);
    expect(unescapeToken(escaped)).toBe(raw);
  });

  it('parsePointer splits and unescapes; toPointer joins and escapes', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
    expect(parsePointer('/a~1b/0/~01')).toEqual(['a/b', '0', '~1']);
    expect(parsePointer(toPointer(['x/y', 3, '~']))).toEqual(['x/y', '3', '~']);
  });
});

describe('ownAt reads own members and array indexes only', () => {
  const doc = JSON.parse('{"a":{"b/c":[10,20]},"__proto__":{"own":true},"": 1}') as Json;
  it.each([
    ['', doc],
    ['/a/b~1c/1', 20],
    ['/__proto__/own', true],
    ['/', 1],
  ])('%s finds its value', (pointer, value) => {
    expect(ownAt(doc, pointer)).toEqual(value);
  });
  it.each(['/constructor', '/a/toString', '/a/b~1c/length', '/a/b~1c/01', '/a/b~1c/-', '/a/b~1c/2', '/a/b~1c/1/x', '/missing'])('%s finds nothing', (pointer) => {
    expect(ownAt(doc, pointer)).toBeUndefined();
  });
  it('getAt throws naming the pointer when nothing is there', () => {
    expect(() => getAt(doc, '/constructor/name')).toThrow('the contract has nothing at /constructor/name');
  });
});

describe('one place escapes pointers', () => {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  for (const d of ['contract', 'conformance', 'mocks', 'traffic', 'cli', 'client', 'compat']) walk(join(ROOT, d));
  it('no source outside contract/pointer.ts writes the ~0/~1 escape itself', () => {
    const copies = files
      .filter((f) => !f.endsWith(join('contract', 'pointer.ts')))
      .filter((f) => /replace\(\/~\/g|replace\(\/~1\/g|replace\(\/~0\/g/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(files.length).toBeGreaterThan(50);
    expect(copies).toEqual([]);
  });
});
