/**
 * The JSON Schemas of the kit's own files (`baseline.schema.json`, `certificate.schema.json`),
 * shipped with the package next to this folder's sources (`conformance/certificate/`), read
 * from there both when running from the sources and from `dist/`.
 */
import { existsSync, readFileSync } from 'node:fs';

const cache = new Map<string, object>();

/**
 * A shipped JSON Schema by file name, parsed.
 * @throws Error when the file is missing from the package (a broken install).
 */
export function readSchema(name: 'baseline.schema.json' | 'certificate.schema.json'): object {
  const hit = cache.get(name);
  if (hit) return hit;
  // Sources: next to this file. Build: dist/conformance/certificate/ -> the package's conformance/certificate/.
  const places = [new URL(`./${name}`, import.meta.url), new URL(`../../../conformance/certificate/${name}`, import.meta.url)];
  const place = places.find((p) => existsSync(p));
  if (!place) throw new Error(`${name} is missing from the package (looked in ${places.map((p) => p.pathname).join(', ')}); reinstall resale-kit`);
  const schema = JSON.parse(readFileSync(place, 'utf8')) as object;
  cache.set(name, schema);
  return schema;
}
