/**
 * The one place the contract comes from. `openapi.yaml` travels inside the code as
 * `generated/contract.ts` (made by `npm run generate`, checked by `npm run generate:check`), so
 * nothing reads a file at run time: the mock's router and `$schema` documents, the conformance
 * suite's validators, the MSW handlers and the tests work the same in Node, in DOM test
 * environments and in a browser bundle.
 */
import { CONTRACT_DATA, CONTRACT_TEXT } from '../generated/contract.js';

/** A JSON value as parsed from YAML or JSON. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/**
 * The parts of an OpenAPI 3.1 document this project reads. The rest of the document is kept
 * as it was parsed (`[key: string]: Json`).
 */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths: JsonObject;
  components: JsonObject;
}

let cached: OpenApiDocument | undefined;

/**
 * The contract (`openapi.yaml`, §1–§9 of the API description as the project encodes them) as a
 * plain JSON object. The same object on every call: treat it as read-only.
 * @throws Error when the embedded document is not an OpenAPI 3.1 document with `paths` and
 *   `components` (a broken `generated/contract.ts`: run `npm run generate`).
 */
export function loadContract(): OpenApiDocument {
  if (cached) return cached;
  const doc = CONTRACT_DATA;
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new Error('generated/contract.ts is not an OpenAPI 3.1 document (no "openapi: 3.1.x" at its top); run npm run generate');
  }
  if (!isObject(doc.paths) || !isObject(doc.components)) {
    throw new Error('generated/contract.ts has no "paths" or no "components" object; run npm run generate');
  }
  cached = doc as OpenApiDocument;
  return cached;
}

/** The text of `openapi.yaml` as written (served by the mock at `/openapi.yaml`). */
export function contractText(): string {
  return CONTRACT_TEXT;
}

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
