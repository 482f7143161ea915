/**
 * Drift's overlay round-trips member names exactly through the tool the README names (issue 29,
 * docs/threat-model.md row "overlay"): `openapi-format openapi.yaml --no-sort --overlayFile
 * drift.yaml -o out.yaml`. Names that mean something to JSON Pointer (`a/b`, `a~b`), JSONPath
 * (`a.b`, `[0]`, `*`, `$`, quotes), YAML (`yes`, `null`, `~`, `:`) or JavaScript (`__proto__`,
 * `constructor`, `toString`) are each added as exactly that member and nothing else changes; a name
 * no tool merges safely (`__proto__`) gets no action and is listed under `x-not-applied`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { overlayYaml, UNSAFE_OVERLAY_NAMES, type OverlayDocument } from '../../traffic/drift/overlay.js';
import type { Drift } from '../../traffic/drift/drift.js';
import { runToEnd } from '../helpers/cli.js';

const NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'a/b',
  'a~b',
  '~1',
  '$ref',
  'a.b',
  '[0]',
  '*',
  '$',
  '..',
  "it's",
  'say "hi"',
  'a\\b',
  'a]b',
  "']",
  'yes',
  'no',
  'null',
  'true',
  '~',
  ':',
  '- x',
  '#',
  '@x',
  '0',
  '1e3',
  'a b',
  '{}',
  '[]',
  '&a',
  '*a',
  '!t',
  '%x',
  '`x`',
  'é',
];
const SCHEMA = '/components/schemas/SchemaUrl';
const RESPONSE = '/paths/~1v3~1market_b~1products/get/responses/200';
const finding = (kind: Drift['kind'], name: string, pointer: string): Drift => ({ kind, pointer, name, at: '', count: 1, example: '1', operations: ['searchMarketBProducts'], types: ['string'] });
const dir = mkdtempSync(join(tmpdir(), 'overlay-names-'));
const BIN = join(process.cwd(), 'node_modules/.bin/openapi-format');

describe('drift overlay member names through openapi-format (issue 29)', () => {
  it('every name is added exactly where it belongs, or listed as not applied; nothing else changes', async () => {
    const found = NAMES.flatMap((n) => [finding('undeclared-member', n, SCHEMA), finding('undeclared-header', n, RESPONSE)]);
    const overlayPath = join(dir, 'drift.yaml');
    writeFileSync(overlayPath, overlayYaml(found, 'names.har'));
    const overlay = parse(readFileSync(overlayPath, 'utf8')) as OverlayDocument;
    const notApplied = overlay['x-not-applied'].map((x) => x.name);
    expect(notApplied).toEqual(found.filter((d) => UNSAFE_OVERLAY_NAMES.has(d.name)).map((d) => d.name));
    expect(notApplied).toContain('__proto__');
    const out = join(dir, 'out.yaml');
    const res = await runToEnd(BIN, ['openapi.yaml', '--no-sort', '--overlayFile', overlayPath, '-o', out]);
    expect(res.code, res.stderr).toBe(0);
    const before = parse(readFileSync('openapi.yaml', 'utf8')) as Record<string, unknown>;
    const after = parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    const applied = NAMES.filter((n) => !UNSAFE_OVERLAY_NAMES.has(n));
    type Obj = Record<string, unknown>;
    const at = (doc: Obj, ...path: string[]): Obj => path.reduce<Obj>((o, k) => (Object.hasOwn(o, k) ? (o[k] as Obj) : {}), doc);
    const props = at(after, 'components', 'schemas', 'SchemaUrl', 'properties');
    const headers = at(after, 'paths', '/v3/market_b/products', 'get', 'responses', '200', 'headers');
    for (const n of applied) {
      // Each name is an own member holding the finding's schema, not something else.
      expect(Object.hasOwn(props, n) && (props[n] as Obj).type, n).toBe('string');
      expect(Object.hasOwn(headers, n) && (at(headers, n, 'schema').type as string), n).toBe('string');
      delete props[n];
      delete headers[n];
    }
    // With the expected additions taken out, the contract is what it was: nothing else changed.
    expect(Object.keys(props)).toEqual([]);
    delete (at(after, 'components', 'schemas', 'SchemaUrl') as Obj).properties;
    expect(after).toEqual(before);
  }, 60_000);
});
