/**
 * Test helpers for the mock: cached mock servers per option set, a direct call into the core,
 * and conformance of any response to its contract schema through the shared Ajv set-up.
 */
import { ContractValidator, type OperationId, type SchemaViolation } from '../../contract/index.js';
import { createMockServer, type MockOptions, type MockServer } from '../../mocks/index.js';

/** The fixed clock of the tests: 2026-01-15T00:00:00Z. */
export const NOW = Date.UTC(2026, 0, 15);
export const validator = new ContractValidator();
const cache = new Map<string, MockServer>();

/** A mock server for these options (fixed clock, 300 products unless given), built once per option set. */
export function mock(options: Partial<MockOptions> = {}): MockServer {
  const o: Partial<MockOptions> = { now: NOW, products: 300, seed: 'test', ...options };
  const key = JSON.stringify(o);
  let m = cache.get(key);
  if (!m) cache.set(key, (m = createMockServer(o)));
  return m;
}

/** Result of calling the core directly. */
export interface Called {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/** Calls the mock core without HTTP. `key` null sends no Authorization header. */
export function call(m: MockServer, url: string, key: string | null = 'demo-premium', method = 'GET'): Called {
  const res = m.core.respond({ method, url, headers: key === null ? {} : { authorization: key } });
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text: res.body };
}

/** Violations of a response body against the contract schema of (operation, status). */
export function violations(operationId: OperationId | string, status: number, body: unknown): SchemaViolation[] {
  const res = validator.operation(operationId as OperationId).responses.find((r) => r.status === String(status));
  if (!res) return [{ pointer: '', keyword: 'status', message: `status ${status} is not documented for ${operationId}`, schemaPath: '', params: {} }];
  return validator.validateAt(res.schemaPointer, body);
}

/** The operationId whose path template matches a URL's path. */
export function operationOf(url: string): string {
  const path = url.split('?')[0] as string;
  const segs = path.split('/');
  const op = validator.operations.find((o) => {
    const t = o.path.split('/');
    return t.length === segs.length && t.every((s, i) => s.startsWith('{') || s === segs[i]);
  });
  if (!op) throw new Error(`no operation for ${url}`);
  return op.operationId;
}
