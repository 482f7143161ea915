/** Checks on how the server answers at all: transport, 5xx, content type (§1, §4; decisions). */
import { fail, pass, type Check } from '../check.js';

/** Every request got a complete answer: no timeout, reset, redirect, oversized body or endless 429. */
export const transport: Check = {
  id: 'transport',
  level: 'should',
  source: 'practice',
  requirement: 'HTTP practice: every request gets a complete answer (no timeouts, resets, redirects, endless 429)',
  title: 'requests are answered completely',
  response: (ex) => (ex.error ? fail(ex.error, ex) : pass('answered', ex)),
};

/** No request is answered with a 5xx. */
export const noServerError: Check = {
  id: 'no-server-error',
  level: 'should',
  source: 'practice',
  requirement: 'HTTP practice (§7 not shown): a request is answered, or refused with a 4xx; no request makes the server fail',
  title: 'no 5xx on any request',
  response: (ex) => {
    if (ex.status === undefined) return undefined;
    return ex.status >= 500 ? fail(`answered ${ex.status}: the server failed on this request`, ex, '', ex.text.slice(0, 500)) : pass(`answered ${ex.status}`, ex);
  },
};

/** Successful answers are JSON (§4: "return JSON"). */
export const contentType: Check = {
  id: 'content-type',
  level: 'must',
  source: 'description',
  requirement: '§4: all endpoints return JSON',
  title: '200 answers are application/json',
  response: (ex) => {
    if (ex.status !== 200 || !ex.operationId) return undefined;
    const type = ex.headers['content-type'] ?? '';
    return /^application\/([a-z.+-]*\+)?json\b/i.test(type) ? pass(type, ex) : fail(`Content-Type is ${JSON.stringify(type)}, not application/json`, ex);
  },
};

/**
 * The production note ("Credentials and tiers"): every response carries `X-Key-Type` (the key's
 * tier, such as `Free`) and `X-Quota-Current` (requests used this month, a non-negative integer).
 * Judged on every 200 answer of an operation (should).
 */
export const keyHeaders: Check = {
  id: 'key-headers',
  level: 'should',
  source: 'production',
  requirement: 'production note (Credentials and tiers): every response carries X-Key-Type and X-Quota-Current (requests used this month)',
  title: '200 answers carry X-Key-Type and X-Quota-Current',
  response: (ex) => {
    if (ex.status !== 200 || !ex.operationId) return undefined;
    const type = ex.headers['x-key-type'];
    const quota = ex.headers['x-quota-current'];
    if (type === undefined || type.trim() === '') return fail('no X-Key-Type header (production sends the key type, such as Free, on every answer)', ex);
    if (quota === undefined || !/^\d{1,15}$/.test(quota.trim())) return fail(`X-Quota-Current is ${quota === undefined ? 'missing' : JSON.stringify(quota.slice(0, 40))}, not a count of requests (a non-negative integer)`, ex);
    return pass(`X-Key-Type ${JSON.stringify(type.slice(0, 40))}, X-Quota-Current ${quota.trim()}`, ex);
  },
};
