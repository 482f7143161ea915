/**
 * Every finding reproducible from a shell: the `curl` command of the request that showed it,
 * with credentials as environment variables, never their values (`$RESALE_KIT_API_KEY`,
 * `$RESALE_KIT_FREE_KEY`, `$RESALE_KIT_HEADER_<NAME>` for `--header` values).
 */
import { UNKNOWN_KEY, type Exchange, type RequestRef } from './types.js';

/** The text in single quotes for a POSIX shell (a `'` becomes `'\''`). */
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The environment variable that stands for a `--header` value: `X-Api-Token` → `RESALE_KIT_HEADER_X_API_TOKEN`. */
export const headerVariable = (name: string): string => `RESALE_KIT_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * The curl command of a request.
 * @param auth which credentials the suite sent; `main` also sends the `--header` names given
 *   (`bare` and `bearer` are the main key in that form).
 * @param hasKey whether a key of that kind was sent at all (no `--api-key`: no Authorization header).
 */
export function curlOf(request: RequestRef, auth: Exchange['auth'], hasKey: boolean, headerNames: readonly string[]): string {
  const parts = ['curl', '-sS', '-g', '-i'];
  if (request.method === 'HEAD') parts.push('-I');
  else if (request.method !== 'GET') parts.push('-X', request.method);
  if (auth === 'main') {
    if (hasKey) parts.push('-H', '"Authorization: Bearer $RESALE_KIT_API_KEY"');
    for (const name of headerNames) parts.push('-H', `"${name}: $${headerVariable(name)}"`);
  } else if (auth === 'bare' && hasKey) parts.push('-H', '"Authorization: $RESALE_KIT_API_KEY"');
  else if (auth === 'bearer' && hasKey) parts.push('-H', '"Authorization: Bearer $RESALE_KIT_API_KEY"');
  else if (auth === 'free' && hasKey) parts.push('-H', '"Authorization: Bearer $RESALE_KIT_FREE_KEY"');
  else if (auth === 'unknown') parts.push('-H', `"Authorization: Bearer ${UNKNOWN_KEY}"`);
  // The headers the check added (`If-None-Match`, `Prefer`): without them the line asks another question (newcomer probe: a conditional-get finding's line had no If-None-Match).
  for (const [name, value] of Object.entries(request.headers ?? {})) parts.push('-H', quote(`${name}: ${value}`));
  parts.push(quote(request.url));
  return parts.join(' ');
}
