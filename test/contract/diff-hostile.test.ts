/**
 * Hostile contracts given to `diff` and `compat` (attacker 8): the document Optic resolves is the
 * one the kit checked (H1, a YAML 1.1 merge key hid a remote `$ref`), `$ref`s that fan out are
 * refused before anything inlines them (H2, H4), and a walk for id members is bounded in nodes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiffInputError, MAX_EXPANDED_NODES, diffContracts, readContract } from '../../contract/diff/index.js';
import type { OpenApiDocument } from '../../contract/load.js';
import { expandedNodes } from '../../contract/pointer.js';
import { readRoles } from '../../contract/roles.js';
import { loadContract } from '../../contract/load.js';

const dir = mkdtempSync(join(tmpdir(), 'diff-hostile-'));

/** A document of `levels` schemas, each with `fanOut` properties that all reference the next. */
function fanOut(levels: number, fanOut: number, leaf = 'string', cycle = false): string {
  const s = [
    'openapi: 3.1.0',
    "info: {title: t, version: '1'}",
    'paths:',
    '  /a:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    "              schema: {$ref: '#/components/schemas/S0'}",
    'components:',
    '  schemas:',
  ];
  for (let i = 0; i < levels; i++) {
    s.push(`    S${i}:`, '      type: object', '      properties:');
    for (let p = 0; p < fanOut; p++) s.push(`        p${p}: {$ref: '#/components/schemas/S${cycle ? 0 : i + 1}'}`);
  }
  s.push(`    S${levels}: {type: ${leaf}}`);
  return `${s.join('\n')}\n`;
}

describe('diff and compat on hostile contracts', () => {
  it('a remote $ref hidden by a YAML 1.1 merge key is never fetched: Optic resolves the document the kit checked', async () => {
    let fetched = 0;
    const server = createServer((_q, r) => {
      fetched++;
      r.end('{"type":"string"}');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as AddressInfo).port;
    const body = (merge: string): string =>
      `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Local'\n${merge}components:\n  schemas:\n    Local: {type: string}\n`;
    const before = join(dir, 'old.yaml');
    const after = join(dir, 'new.yaml');
    writeFileSync(before, body(''));
    writeFileSync(after, `%YAML 1.1\n---\n${body(`                <<: {$ref: 'http://127.0.0.1:${port}/remote.yaml'}\n`)}`);
    try {
      const report = await diffContracts(before, after);
      expect(report.summary.breaking).toBe(0);
    } finally {
      server.close();
    }
    expect(fetched).toBe(0);
  }, 60_000);

  it('$refs that fan out (30 levels of 4) are refused at once, naming the limit; this kit contract is far below it', () => {
    const path = join(dir, 'fan.yaml');
    writeFileSync(path, fanOut(30, 4));
    const started = Date.now();
    expect(() => readContract(path)).toThrow(DiffInputError);
    expect(() => readContract(path)).toThrow(new RegExp(`more than ${MAX_EXPANDED_NODES} nodes`));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(expandedNodes(loadContract(), MAX_EXPANDED_NODES)).toBeLessThan(MAX_EXPANDED_NODES / 5);
    expect(expandedNodes(JSON.parse('{"a":{"$ref":"#"}}'), 100)).toBeLessThan(100);
  });

  it('the walk for id members is bounded in nodes: a cycle of 20 $refs per level answers at once', () => {
    const doc = readContract(
      (() => {
        const path = join(dir, 'cycle.yaml');
        writeFileSync(path, fanOut(1, 20, 'string', true));
        return path;
      })(),
    ).document as OpenApiDocument;
    const started = Date.now();
    readRoles(doc, '/paths/~1a/get/responses/200/content/application~1json/schema');
    const envelope = { ...doc, components: { schemas: { ...(doc.components as { schemas: object }).schemas, E: { type: 'object', properties: { data: { $ref: '#/components/schemas/S0' } } } } } } as OpenApiDocument;
    readRoles(envelope, '/components/schemas/E');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
