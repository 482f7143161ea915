/**
 * The one place that reads `openapi.yaml`. Every other module asks this one for the contract
 * (the mock's router and `$schema` documents, the conformance suite's validators, the tests).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Absolute path of the contract file at the repository root. */
export const CONTRACT_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

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
 * Parses `openapi.yaml` (or another OpenAPI 3.1 file) into a plain JSON object.
 *
 * @param path file to read; defaults to the repository's `openapi.yaml`. Only the default is
 *   cached, so each call with a `path` reads the file again.
 * @throws Error when the file cannot be read, is not YAML, or is not an OpenAPI 3.1 document
 *   with `paths` and `components`; the message names the file and what was wrong.
 */
export function loadContract(path: string = CONTRACT_PATH): OpenApiDocument {
  if (path === CONTRACT_PATH && cached) return cached;
  let doc: unknown;
  try {
    doc = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read the contract ${path}: ${(err as Error).message}`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new Error(`${path} is not an OpenAPI 3.1 document (no "openapi: 3.1.x" at its top)`);
  }
  if (!isObject(doc.paths) || !isObject(doc.components)) {
    throw new Error(`${path} has no "paths" or no "components" object`);
  }
  const contract = doc as OpenApiDocument;
  if (path === CONTRACT_PATH) cached = contract;
  return contract;
}

let cachedText: string | undefined;

/** The text of `openapi.yaml` as written (served by the mock at `/openapi.yaml`). */
export function contractText(): string {
  return (cachedText ??= readFileSync(CONTRACT_PATH, 'utf8'));
}

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
