/**
 * What JSON.parse hides (RFC 8259 §4 unique names, §6 numbers, §8.1 UTF-8 without a BOM):
 * found by the client's scan of the raw body (conformance/json-scan.ts), judged here.
 */
import { MAX_DEPTH } from '../json-scan.js';
import { fail, pass, type Check, type Verdict } from '../check.js';

/** Every body is UTF-8 JSON that any JSON client reads the same way. */
export const jsonFidelity: Check = {
  id: 'json-fidelity',
  level: 'should',
  source: 'practice',
  requirement: 'JSON practice (§4 "return JSON", RFC 8259 §§4, 6, 8.1, 8.2): bodies are UTF-8 without a BOM, member names are unique, numbers fit what a JSON client can hold, strings are Unicode text',
  title: 'bodies are JSON that every client reads the same way',
  response: (ex) => {
    const s = ex.scan;
    // JSON bodies only: a text/plain or HTML answer is judged by content-type and problem-details, not here.
    if (!s || ex.text.length === 0 || !/^application\/([a-z.+-]*\+)?json\b/i.test(ex.headers['content-type'] ?? '')) return undefined;
    const out: Verdict[] = [];
    if (s.bom) out.push(fail('the body starts with a UTF-8 byte order mark (BOM, bytes EF BB BF): JSON must not begin with one (RFC 8259 §8.1), and many clients reject the body', ex, ''));
    if (s.invalidUtf8) out.push(fail('the body is not valid UTF-8: some bytes cannot be decoded, and clients silently turn them into U+FFFD replacement characters', ex, ''));
    if (s.depth > MAX_DEPTH) out.push(fail(`the body nests more than ${MAX_DEPTH} levels deep; the suite did not read it (documents of this API nest about 5 levels)`, ex, ''));
    for (const d of s.duplicates) out.push(fail(`member name ${JSON.stringify(d.name)} occurs twice in one object: clients keep one of the two values, and which one differs`, ex, d.pointer, d.name));
    for (const u of s.unsafeIntegers) out.push(fail(`integer ${u.literal} is beyond 2^53 − 1: JavaScript and other clients that read numbers as 64-bit floats cannot hold it exactly, so it does not round-trip`, ex, u.pointer, u.literal));
    for (const l of s.loneSurrogates)
      out.push(fail('a string holds an unpaired surrogate escape (\\uD800-\\uDFFF without its other half): it is not Unicode text, and clients replace it, drop it or refuse the body (RFC 8259 §8.2)', ex, l.pointer));
    for (const o of s.overflows) out.push(fail(`number ${o.literal} overflows a 64-bit float: clients read it as Infinity or refuse the body`, ex, o.pointer, o.literal));
    return out.length > 0 ? out : pass('UTF-8 JSON without a BOM, unique member names, numbers every client holds exactly, strings of Unicode text', ex);
  },
};
