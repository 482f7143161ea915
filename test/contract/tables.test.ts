/**
 * The tables keyed by operation (issue 14) hold exactly the contract's operations: the type
 * checker makes them complete when the generated types change; this checks the same at run
 * time against the embedded contract, so a stale generation cannot hide a gap either.
 */
import { describe, expect, it } from 'vitest';
import { createResaleClient } from '../../client/index.js';
import { ContractValidator } from '../../contract/index.js';
import { OPERATION_FACTS } from '../../conformance/operations.js';
import { OPERATIONS } from '../../mocks/http/operations.js';

const ids = new ContractValidator().operations.map((o) => o.operationId).sort();

describe('tables keyed by operation', () => {
  it('the mock has one handler per operation of the contract', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(ids);
  });

  it('the suite has the facts of every operation of the contract', () => {
    expect(Object.keys(OPERATION_FACTS).sort()).toEqual(ids);
  });

  it('the typed client has one method per operation of the contract', () => {
    const { http: _http, ...methods } = createResaleClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(Object.keys(methods).sort()).toEqual(ids);
  });

  it('roles come from the 200 schemas: lookups have meta null, lists an array of data', () => {
    for (const op of new ContractValidator().operations) {
      if (op.roles.shape === 'lookup') expect(op.roles.meta.kind).toBe('null');
      expect(op.roles.ids.length).toBeGreaterThan(0);
    }
  });
});
