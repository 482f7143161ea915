/**
 * Text helpers every layer shares, so each exists once: escaping text for HTML and SVG markup,
 * for XML reports and for Markdown tables, and writing a host into a URL (IPv6 literals in
 * brackets, RFC 3986 §3.2.2).
 */

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): text that reorders what a reader sees around it. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
/** A bidi control as `\uNNNN` text. */
const bidiShown = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text made safe inside HTML or SVG (element content and quoted attribute values): `& < > " '`
 * as numeric character references; control characters, which are never valid there, shown as
 * `\xNN` instead, and bidi controls as `\uNNNN` (a server's U+202E would reverse what a
 * reader of the report sees; attacker probe 8).
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(BIDI, bidiShown)
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A surrogate code unit that is not half of a pair: not Unicode text (RFC 8259 §8.2). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every lone surrogate ({@link LONE_SURROGATE}), for replacing. */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** What XML 1.0 cannot carry even as a reference: most C0 controls, U+FFFE, U+FFFF and lone surrogates. */
const NOT_XML = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|${LONE_SURROGATE.source}`, 'g');

/** C1 controls (U+0080–U+009F; U+009B is a one-byte CSI to a terminal that reads a JUnit file's text): shown as `\uNNNN` in XML. */
const C1 = /[\u0080-\u009f]/g;

/** Whether `text` holds a surrogate code unit that is not half of a pair (`'\ud800'`): such text has no UTF-8 form. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/**
 * A path template (`/v3/market_a/products/{id_or_slug}`) with each `{name}` replaced by `value(name)`
 * percent-encoded as one path segment. A value with a lone surrogate, which `encodeURIComponent`
 * refuses (URIError), has it as U+FFFD, so a server's malformed id never stops the caller.
 */
export function fillPath(template: string, value: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name).replace(LONE_SURROGATES, '\ufffd')));
}

/**
 * Text an XML 1.0 writer can carry whatever a server sent (the JUnit reports): the characters XML
 * forbids even as references (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are written as
 * `\uNNNN`, as are C1 controls and bidi controls (attacker probe 8), and every `]]>` as `]]\u003e`, so that no text can end the CDATA section a writer puts
 * it in (junit-report-builder's xmlbuilder splits only the first `]]>` of a text) and add elements
 * of its own.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(C1, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(BIDI, bidiShown)
    .replace(/\]\]>/g, ']]\\u003e');
}

/**
 * Text made inert in one cell of a GitHub-flavoured Markdown table (the PR-comment reports of
 * `diff` and `compat`): HTML as in {@link escapeMarkup}; the characters Markdown reads as syntax
 * (`` \ ` * _ [ ] ( ) ! # ~ | ``) backslash-escaped, so text from a recording cannot open or close a
 * code span, make a link, an image or emphasis, or split the table; a line break as a space; and a
 * word joiner (U+2060) after every `@`, so it mentions no one. Not for the inside of a code span,
 * where backslashes are literal.
 */
export function markdownCell(text: string): string {
  const plain = text.replace(/\r\n?|\n/g, ' ').replace(/[\\`*_[\]()!#~|]/g, (c) => `\\${c}`);
  return escapeMarkup(plain).replace(/@/g, '@\u2060');
}

/**
 * Text as one CommonMark code span, which nothing inside can leave (no link, image, HTML or
 * mention is read in it): fenced by one backtick more than its longest run of backticks, padded
 * with a space where it starts or ends with one; line breaks as spaces.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.length === 0 ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A host as it is written in a URL: an IPv6 literal (`::1`) in brackets (`[::1]`), any other host as it is. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Query parameter names whose values are secrets in a URL (compared lower-cased, `-` as `_`). */
export const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set([
  'key',
  'api_key',
  'apikey',
  'token',
  'access_token',
  'auth',
  'password',
  'passwd',
  'secret',
  'sig',
  'signature',
  'client_secret',
  'x_api_key',
  'jsessionid',
  'phpsessid',
  'sessionid',
  'session_id',
  'sid',
]);

/**
 * Whether a query parameter's name names a secret ({@link SECRET_QUERY_NAMES}): compared
 * percent-decoded, case-insensitively, with `-` as `_` (`Access-Token`, `api%5Fkey`). The one
 * test every output path uses (printableUrl, the redactor, the recorder).
 */
export const isSecretQueryName = (name: string): boolean => SECRET_QUERY_NAMES.has(decodeQueryName(name).toLowerCase().replace(/-/g, '_'));
const isSecretName = isSecretQueryName;

/** `scheme://userinfo@` in free text: what {@link withoutUserinfo} removes. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"<>]*@/gi;

/**
 * A URL that does not parse, made printable: everything between `scheme://` and its last `@` (a
 * password may hold `/`, `#`, `?` or `@`) and the value of every secret query parameter
 * ({@link SECRET_QUERY_NAMES}, by any separator) are removed. Used by {@link printableUrl} when
 * `new URL` refuses the text (a typo'd port, an unescaped character), so a usage error about such
 * a URL never prints its secrets.
 */
function unparsableUrlText(url: string): string {
  const noUser = url.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/)[^]*@/i, '$1');
  return noUser.replace(/([?&;])([^=&;#\s]+)=([^&;#\s]*)/g, (all, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=[redacted]` : all));
}

/** A query parameter's name as a server reads it (`api%5Fkey` is `api_key`); the text itself when it does not decode. */
function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Free text with the userinfo (`user:password@`) of every URL in it removed: for messages that
 * quote a value that may not parse as a URL (a usage error about a malformed `--base-url`).
 */
export function withoutUserinfo(text: string): string {
  return text.replace(USERINFO, '$1');
}

/**
 * The one way a URL is printed or written (issue 29): userinfo (`user:password@`) removed and
 * the values of query parameters named like secrets (`key`, `token`, `api_key`, ... see
 * {@link SECRET_QUERY_NAMES}) replaced by `[redacted]`. A text that does not parse as a URL
 * loses everything up to its last `@` after the scheme and its secret query values
 * (`unparsableUrlText`).
 */
export function printableUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return unparsableUrlText(url);
  }
  u.username = '';
  u.password = '';
  if (u.search) {
    const params = new URLSearchParams(u.search);
    let changed = false;
    for (const name of [...new Set(params.keys())])
      if (isSecretName(name)) {
        params.set(name, '[redacted]');
        changed = true;
      }
    if (changed) u.search = params.toString().replace(/%5Bredacted%5D/g, '[redacted]');
  }
  // Matrix parameters of a path segment (`/api;jsessionid=...`) named like secrets, as query ones (attacker probe 8, L7).
  const path = u.pathname.replace(/;([^=;/]+)=([^;/]*)/g, (all, name: string) => (isSecretName(name) ? `;${name}=[redacted]` : all));
  const out = path === u.pathname ? u.toString() : `${u.origin}${path}${u.search}${u.hash}`;
  // new URL() adds a `/` to a bare origin: left off when the URL given had none.
  return !u.search && !u.hash && u.pathname === '/' && !url.replace(/[?#].*$/, '').endsWith('/') ? out.slice(0, -1) : out;
}

/**
 * The secrets a URL carries, for a redactor: the password of its userinfo (or the user name when
 * there is no password: a token written `https://TOKEN@host`), `user:password` as sent in Basic
 * authentication, each as written and percent-decoded, and the values of query parameters and of
 * path matrix parameters (`;jsessionid=...`) named like secrets. Empty for a URL without them or that does not parse.
 */
export function urlSecrets(url: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    const m = /\/\/([^\s/?#@]*)@/.exec(url);
    return m?.[1] ? [m[1], ...m[1].split(':').slice(1)].filter((s) => s.length > 0) : [];
  }
  const out: string[] = [];
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  if (u.password) out.push(u.password, decode(u.password), `${u.username}:${u.password}`, `${decode(u.username)}:${decode(u.password)}`);
  else if (u.username) out.push(u.username, decode(u.username));
  for (const [name, value] of new URLSearchParams(u.search)) if (isSecretName(name) && value.length > 0) out.push(value);
  for (const m of u.pathname.matchAll(/;([^=;/]+)=([^;/]*)/g)) if (isSecretName(m[1] ?? '') && (m[2] ?? '').length > 0) out.push(m[2] as string, decode(m[2] as string));
  return [...new Set(out)].filter((s) => s.trim().length > 0);
}
