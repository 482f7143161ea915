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
