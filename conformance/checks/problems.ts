/** 4xx answers are RFC 9457 problem details (contract decision, §7 "not shown"). */
import { fail, pass, type Check } from '../check.js';

/** Every 4xx answer is `application/problem+json`, valid against `ProblemDetails`, with the HTTP status in it. */
export const problemDetails: Check = {
  id: 'problem-details',
  level: 'should',
  source: 'production',
  requirement: 'production note (Errors; §7 not shown): errors are RFC 9457 problem details (application/problem+json, ProblemDetails schema)',
  title: '4xx answers are problem details',
  response: (ex, ctx) => {
    if (ex.status === undefined || ex.status < 400 || ex.status >= 500) return undefined;
    const type = ex.headers['content-type'] ?? '';
    if (!/^application\/problem\+json\b/i.test(type)) return fail(`a ${ex.status} answer has Content-Type ${JSON.stringify(type)}, not application/problem+json`, ex);
    if (ex.json === undefined) return fail(`the ${ex.status} body is not JSON`, ex, '', ex.text.slice(0, 200));
    const v = ctx.validator.validateSchema('ProblemDetails', ex.json);
    if (v.length > 0) return fail(`not a ProblemDetails: ${v.map((x) => x.message).join('; ')}`, ex, v[0]?.pointer, ex.json);
    const status = (ex.json as { status?: unknown }).status;
    return status === ex.status ? pass(`${ex.status} problem details`, ex) : fail(`status member ${JSON.stringify(status)} differs from the HTTP status ${ex.status}`, ex, '/status', status);
  },
};
