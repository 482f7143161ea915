/**
 * Strict JSON for everything signed or recorded by the kit (certificates, baselines): what
 * `JSON.parse` accepts silently and a second reader may read otherwise is refused (issue 29,
 * docs/threat-model.md class P "strict parsers"). A member name repeated in one object is the
 * example: `JSON.parse` keeps the last (`"verdict": "fail", "verdict": "pass"` reads as pass),
 * another reader may keep the first, and a signature computed over one reading proves nothing
 * about the other. Built on the suite's one raw-JSON scan (conformance/json-scan.ts).
 */
import { MAX_DEPTH, scanBody } from './json-scan.js';

/** A strict parse: the value, or why the text is refused (one sentence naming the JSON Pointer). */
export type StrictJson = { ok: true; value: unknown } | { ok: false; why: string };

/**
 * Parses JSON text, refusing repeated member names, nesting deeper than {@link MAX_DEPTH}, and
 * numbers that overflow a 64-bit float. A leading byte order mark is allowed (and dropped).
 * Never throws.
 */
export function parseStrictJson(text: string): StrictJson {
  const body = text.replace(/^\uFEFF/, '');
  const scan = scanBody(Buffer.from(body, 'utf8'), body);
  const dup = scan.duplicates[0];
  if (dup) return { ok: false, why: `the member ${JSON.stringify(dup.name)} occurs more than once in the object at ${dup.pointer || '/'} (${scan.duplicates.length} repeated name(s)): JSON readers disagree on which one counts` };
  if (scan.depth > MAX_DEPTH) return { ok: false, why: `nested deeper than ${MAX_DEPTH} levels` };
  const over = scan.overflows[0];
  if (over) return { ok: false, why: `the number ${over.literal} at ${over.pointer || '/'} overflows a 64-bit float` };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (err) {
    return { ok: false, why: `not JSON (${(err as Error).message})` };
  }
}
