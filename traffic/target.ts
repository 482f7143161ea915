/**
 * Target placement: where on the upstream a request of the validation proxy goes. The proxy is
 * a reverse proxy for one upstream origin under one base path; the request target only ever
 * chooses a path and query *under* that base. The upstream URL is never built by concatenating
 * text: the path is split into segments, each segment is percent-decoded to be judged (so
 * `%2e%2e`, `.%2e` and `%2f` are seen for what they are), dot segments are resolved (RFC 3986
 * §5.2.4), and a target that would leave the base path, or that names another authority in any
 * spelling (`*@host:port/x`, `user:pw@host`, `//host/x`, `\\host`, percent-encoded or hex hosts,
 * `localhost`), is refused. The host always comes from `--upstream`.
 *
 * Accepted request-target forms (RFC 9112 §3.2): origin-form (`/path?query`) and absolute-form
 * (`http://anything/path?query`: its authority is ignored, only its path and query are placed).
 * Authority-form and asterisk-form are refused.
 */

/** A target placed under the upstream's base: the URL to send to. */
export interface Placed {
  ok: true;
  /** The absolute upstream URL (origin of `--upstream`, path under its base path). */
  url: URL;
  /** Path and query as sent on the upstream's request line (`/api/v3/x?q=1`). */
  pathAndQuery: string;
  /** The path under the base, as the contract knows it (`/v3/market_a/products`). */
  contractPath: string;
}

/** A target that cannot be placed under the base: why (for a 400 problem's `detail`). */
export interface Refused {
  ok: false;
  reason: string;
}

/**
 * Characters a path segment may hold as sent: RFC 3986 pchar and `%`, plus what clients send
 * unencoded in practice (`[`, `]`, `{`, `}`, `|`, `^`, `` ` ``, `"`, `<`, `>`), which the URL
 * encodes on the way out. The query takes any visible character but `#` (checked before): it
 * cannot move the request to another host or path.
 */
const SEGMENT_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%[\]{}|^`"<>]*$/;
/** Longest target placed (bytes); node's header limit bounds it anyway. */
const MAX_TARGET = 8192;

const refuse = (reason: string): Refused => ({ ok: false, reason });

/** Percent-decodes one segment; undefined when the encoding is broken. */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The base path of an upstream URL without a trailing slash (`''` for the root). */
export function basePathOf(upstream: URL): string {
  return upstream.pathname.replace(/\/+$/, '');
}

/**
 * Places a raw request target (as received on the request line) under the upstream.
 * @param upstream the `--upstream` URL (origin and base path).
 * @param target the request target, such as `/v3/market_a/products?query=dunk`.
 * @returns the upstream URL, or why the target is refused; never throws.
 */
export function placeTarget(upstream: URL, target: string): Placed | Refused {
  if (target.length === 0) return refuse('the request target is empty');
  if (target.length > MAX_TARGET) return refuse(`the request target is longer than ${MAX_TARGET} characters`);
  // Only visible ASCII, no backslash: a backslash is a path separator to some servers.
  for (let i = 0; i < target.length; i++) {
    const c = target.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) return refuse('the request target holds a control, space or non-ASCII character');
    if (c === 0x5c) return refuse('the request target holds a backslash');
  }
  let rest = target;
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(rest);
  if (absolute) {
    if (!/^https?:\/\//i.test(rest)) return refuse('an absolute-form target must be http or https');
    try {
      new URL(rest);
    } catch {
      return refuse('the absolute-form target is not a URL');
    }
    // Absolute-form: the authority is ignored (the upstream is fixed); only path and query count.
    const after = rest.slice(absolute[0].length);
    const cut = after.search(/[/?]/);
    rest = cut < 0 ? '/' : after.slice(cut);
    if (rest.startsWith('?')) rest = `/${rest}`;
  }
  if (rest.startsWith('//')) return refuse('the request target starts with "//", which names a host');
  if (!rest.startsWith('/')) return refuse('the request target must be a path starting with "/" (origin-form) or an http(s) URL (absolute-form)');
  if (rest.includes('#')) return refuse('the request target holds a fragment (#)');
  const q = rest.indexOf('?');
  const rawPath = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? '' : rest.slice(q);

  const parts = rawPath.split('/').slice(1);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const seg = parts[i] as string;
    const last = i === parts.length - 1;
    if (!SEGMENT_CHARS.test(seg)) return refuse('a path segment holds characters that must be percent-encoded');
    const decoded = decodeSegment(seg);
    if (decoded === undefined) return refuse('a path segment holds a broken percent-encoding');
    if (/[/\\\u0000-\u001f\u007f]/.test(decoded)) return refuse('a path segment encodes a slash, backslash or control character (%2F, %5C, %00...)');
    // Tomcat, Jetty and Spring drop a segment's `;parameters` before resolving dot segments, so `..;x` climbs there (outside attacker, round 4).
    const bare = decoded.split(';')[0];
    if (decoded.includes(';') && (bare === '.' || bare === '..')) return refuse('a path segment is a dot segment with parameters (..;), which some servers read as ..');
    if (decoded === '.' || decoded === '..') {
      if (decoded === '..') {
        if (out.length === 0) return refuse('the target climbs above the base path (..)');
        out.pop();
      }
      if (last) out.push(''); // `/a/.` and `/a/b/..` name a directory: keep the trailing slash
      continue;
    }
    out.push(seg);
  }
  const contractPath = `/${out.join('/')}`;
  const path = `${basePathOf(upstream)}${contractPath}`;
  const url = new URL(upstream.origin);
  url.pathname = path;
  url.search = query.length > 1 ? query : '';
  // Defence in depth: whatever the parsing above, the result is on the upstream, under its base.
  const base = basePathOf(upstream);
  if (url.origin !== upstream.origin || (base !== '' && url.pathname !== base && !url.pathname.startsWith(`${base}/`))) return refuse('the target cannot be placed under the upstream base path');
  return { ok: true, url, pathAndQuery: `${url.pathname}${url.search}`, contractPath };
}
