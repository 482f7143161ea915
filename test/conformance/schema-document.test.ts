/** validateWithDocument: a server's own JSON Schema (the document its `$schema` URL serves), judged safely. */
import { describe, expect, it } from 'vitest';
import { validateWithDocument } from '../../contract/index.js';

describe('validateWithDocument', () => {
  it('validates a body against a standalone document, in 2020-12 or another dialect', () => {
    const doc = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['data'] };
    expect(validateWithDocument(doc, { data: [] })).toEqual([]);
    expect(validateWithDocument(doc, {})).toMatchObject([{ keyword: 'required' }]);
  });

  it('never runs a regular expression of the server (a catastrophic pattern returns at once)', () => {
    const started = Date.now();
    const result = validateWithDocument({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(40)}!`);
    expect(result).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('says why a document cannot be used: not a schema, a remote reference, too deep', () => {
    expect(validateWithDocument('text', {})).toMatchObject({ error: expect.stringContaining('not a JSON Schema') });
    expect(validateWithDocument({ $ref: 'https://elsewhere.invalid/x.json' }, {})).toMatchObject({ error: expect.stringContaining('cannot be compiled') });
    let deep: unknown = { type: 'object' };
    for (let i = 0; i < 100; i++) deep = { properties: { x: deep } };
    expect(validateWithDocument(deep, {})).toMatchObject({ error: expect.stringContaining('64 levels') });
  });
});
