/**
 * Redaction of secrets (API keys, `--header` values): the one place every output of the suite
 * and of the proxy passes through (progress lines, console summary, JSON, JUnit and HTML reports,
 * tool errors, HAR recordings).
 *
 * Whole secrets only. A secret is replaced where it stands whole, in any of the forms a server or
 * a report writer may give it: literally; JSON-escaped (`\u0053ECRET`, `\\u0053ECRET` after a
 * second encoding); percent-encoded (`%53ECRET`); as HTML character references (`&#83;ECRET`);
 * base64 or base64url, alone or inside a longer base64 text (`Bearer KEY`, `user:KEY`), at any
 * alignment; as hexadecimal of its UTF-8 bytes, in lower or upper case (`5345435245…`); and, for
 * a secret of {@link NEAR_MIN} characters or more, as hex bytes with `:`, space or `-` between
 * them, percent-encoded twice (`%2553…`), base64 of UTF-16LE, and reversed. A piece of a secret is left alone: the `market_b` of a key `market_b_secret` in a URL
 * or the `premium` of `demo-premium` in a slug is data, not the secret (cut a text only after
 * redacting it, so no cut can split a secret).
 *
 * Short secrets. A secret shorter than the redactor's `minSearched` length (the proxy uses
 * {@link MIN_SEARCHED}: keys it learns from traffic) is too likely to be an ordinary word of the
 * data (`market_b`, `nike`) to be searched for in free text: it is removed only from credential
 * headers (see {@link CREDENTIAL_HEADERS}), from any header whose whole value is it, and where it
 * is written `Bearer SECRET`. A run's own configured keys (`redactorFor`) are searched whatever
 * their length.
 *
 * Near-whole secrets (option `nearForms`, on for a run's own outputs: `redactorFor`). A server may
 * echo a key mangled: one character replaced (`\u0053` written before a key that does not start
 * with `S`), dropped or added, or the whole key in another letter case. Such a text reveals the
 * key as surely as the key itself, so with `nearForms` a secret of at least {@link NEAR_MIN}
 * characters is also found within one edit (substitution, insertion or deletion, ASCII case
 * ignored). Still whole: a piece shorter than the secret by more than one character is data.
 * Recordings (the proxy) leave it off: they keep data byte for byte except at the secret itself.
 *
 * Bodies are redacted as bytes (`bytes()`), so a body that is not valid UTF-8 is redacted before it
 * is stored base64; every replacement is reported as a span of the original, so a recording can
 * say where it changed something.
 */
import { isSecretQueryName } from '../contract/index.js';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';
/** Keys the proxy learns from traffic shorter than this many characters are removed from headers only. */
export const MIN_SEARCHED = 12;
/**
 * A run's own secrets (`redactorFor`: keys, `--header` values, URL passwords) shorter than this are
 * removed from headers and `Bearer` values only: a value of a few characters (`--header "X-Api-Version: 3"`)
 * stands in ordinary text everywhere, and replacing it there garbles ids, URLs and report JSON
 * (attacker probe 7).
 */
export const RUN_MIN_SEARCHED = 6;
/** Longest secret also searched for with a spacer between its letters ({@link spacedPattern}); its pattern grows with the secret. */
export const SPACED_MAX = 256;
/** Secrets at least this long are also searched for within one edit, with `nearForms` (shorter ones would match ordinary words: `market_a` is one edit from `market_b`). */
export const NEAR_MIN = 12;
/** Headers whose whole value is a credential: always replaced by {@link REDACTED} in a recording, and never shown as an example (drift). */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * Header names that carry a credential by what they are called (attacker probe 6: `X-Auth-Token`,
 * `Api-Key`, `X-Custom-Token`, `X-Session-Id` were recorded as sent): a name part `token`,
 * `secret`, `password`, `passwd`, `auth`, `session`, `credential(s)`, `signature` or `jwt`, or
 * `api-key`/`apikey`/`access-key` anywhere in it. `WWW-Authenticate` and `Authentication-Info`
 * match too; their values are challenges, which are safe to hide.
 */
const CREDENTIAL_NAME = /(^|[-_.])(tokens?|secrets?|password|passwd|auth|session|credentials?|signature|jwt)([-_.]|$)|api[-_]?key|access[-_]?key|^authenticat|-authenticat/;

/**
 * Whether a header (any letter case) carries a credential: one of {@link CREDENTIAL_HEADERS}, or a
 * name that says it holds one ({@link CREDENTIAL_NAME}). Its value is never printed or written as it
 * stands.
 */
export const isCredentialHeader = (name: string): boolean => {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(n) || CREDENTIAL_NAME.test(n);
};

/**
 * The secrets a credential header's value carries, for a redactor that must remove them from
 * every output (a recording read offline: browsers' HARs hold session cookies; outside attacker,
 * finding 14): the whole value; the credential after an authentication scheme (`Bearer KEY`,
 * `Basic TOKEN`); and for `Cookie` and `Set-Cookie` each cookie's value (a `Set-Cookie`'s
 * attributes such as `Path=/` are not secrets). Each only when it is at least
 * {@link MIN_SEARCHED} characters, as for every secret learnt from traffic: shorter ones
 * (`theme=dark`, `lang=en`) would match ordinary words of the data, and stay removed from the
 * headers themselves (`Redactor.header`, drift's examples). Empty for a header that is not a
 * credential or a value already redacted (`[redacted]`).
 */
export function credentialSecrets(name: string, value: string): string[] {
  const v = value.trim();
  if (!isCredentialHeader(name) || v.length === 0 || /redacted|^\[.*\]$/i.test(v)) return [];
  const out = [v];
  // `SCHEME CREDENTIAL` (RFC 9110 §11.4: a token, then one credential without spaces).
  const scheme = /^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*\s+(\S+)$/.exec(v);
  if (scheme?.[1]) out.push(scheme[1]);
  const lower = name.toLowerCase();
  if (lower === 'cookie' || lower === 'set-cookie') {
    const pairs = lower === 'set-cookie' ? v.split(';').slice(0, 1) : v.split(';');
    for (const pair of pairs) {
      const at = pair.indexOf('=');
      const cookie =
        at < 0
          ? ''
          : pair
              .slice(at + 1)
              .trim()
              .replace(/^"(.*)"$/, '$1');
      out.push(cookie);
    }
  }
  return [...new Set(out)].filter((secret) => secret.length >= MIN_SEARCHED);
}

/** A replaced part of a text or body: `[start, end)` in the original (UTF-16 units for text, bytes for bodies). */
export type Span = [start: number, end: number];

/**
 * The decoded text and where each of its units came from. Most text has few escapes, so the
 * mapping is sparse: one record per decoded escape; between them, units map one to one.
 */
interface Decoded {
  plain: string;
  /** Per decoded escape: its first unit in `plain`, its unit count, and its span in the original. */
  at: number[];
  units: number[];
  from: number[];
  to: number[];
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const ESCAPES = /[\\%&]/;
const NEXT_ESCAPE = /[\\%&]/g;

/** The escape at `i` of `text` (JSON escape with any number of backslashes, %XX, &#N; or &#xN;): its text and length, or undefined. */
function escapeAt(text: string, i: number): [string, number] | undefined {
  const c = text[i];
  if (c === '\\') {
    let j = i;
    while (text[j] === '\\') j++;
    const next = text[j];
    if (next === 'u' && HEX4.test(text.slice(j + 1, j + 5))) return [String.fromCharCode(Number.parseInt(text.slice(j + 1, j + 5), 16)), j + 5 - i];
    if (next !== undefined && Object.hasOwn(SIMPLE, next) && next !== '\\') return [SIMPLE[next] as string, j + 1 - i];
    // A run of backslashes not followed by an escape stands for one backslash.
    return j - i > 1 ? ['\\', j - i] : undefined;
  }
  if (c === '%' && /^[0-7][0-9a-fA-F]$/.test(text.slice(i + 1, i + 3))) return [String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16)), 3];
  if (c === '&') {
    const m = /^&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/.exec(text.slice(i, i + 12));
    if (m) {
      const code = m[1] !== undefined ? Number(m[1]) : Number.parseInt(m[2] as string, 16);
      if (code <= 0x10ffff) return [String.fromCodePoint(code), m[0].length];
    }
  }
  return undefined;
}

/** Decodes every escape of `text`, keeping a sparse map back to the original. */
function decode(text: string): Decoded {
  const out: Decoded = { plain: '', at: [], units: [], from: [], to: [] };
  const parts: string[] = [];
  let plainLength = 0;
  let i = 0;
  NEXT_ESCAPE.lastIndex = 0;
  for (let m = NEXT_ESCAPE.exec(text); m; m = NEXT_ESCAPE.exec(text)) {
    const j = m.index;
    const e = escapeAt(text, j);
    if (!e) continue;
    if (j > i) {
      parts.push(text.slice(i, j));
      plainLength += j - i;
    }
    parts.push(e[0]);
    out.at.push(plainLength);
    out.units.push(e[0].length);
    out.from.push(j);
    out.to.push(j + e[1]);
    plainLength += e[0].length;
    i = j + e[1];
    NEXT_ESCAPE.lastIndex = i;
  }
  parts.push(text.slice(i));
  out.plain = parts.join('');
  return out;
}

/** The span of the original that units `[a, b)` of the decoded text came from. */
function originalSpan(d: Decoded, a: number, b: number): Span {
  const locate = (u: number): [number, number] => {
    // The last escape starting at or before unit u.
    let lo = 0;
    let hi = d.at.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((d.at[mid] as number) <= u) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return [u, u + 1];
    const at = d.at[k] as number;
    if (u < at + (d.units[k] as number)) return [d.from[k] as number, d.to[k] as number];
    const o = (d.to[k] as number) + (u - at - (d.units[k] as number));
    return [o, o + 1];
  };
  return [locate(a)[0], locate(b - 1)[1]];
}

/**
 * The parts of the base64 (and base64url) encoding of a secret that depend on the secret alone,
 * at each of the three alignments it can have inside a longer encoded text: any base64 text that
 * encodes the secret contains one of them.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const b64 = padded.toString('base64').replace(/=+$/, '');
    // Characters mixing pad bytes (front) or what follows the secret (back) are dropped.
    const front = shift === 0 ? 0 : shift === 1 ? 2 : 3;
    const tailBits = (padded.length * 8) % 6;
    const core = b64.slice(front, tailBits === 0 ? b64.length : b64.length - 1);
    if (core.length >= 8) out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/** Every form of one secret searched for in decoded text (decoding handles JSON, %XX and &#N;). */
function formsOf(secret: string): string[] {
  // The whole encodings first (with their last character and padding), then the aligned cores.
  const whole = [secret, `Bearer ${secret}`].flatMap((t) => [Buffer.from(t).toString('base64'), Buffer.from(t).toString('base64url')]);
  const forms = [secret, ...whole, ...base64Cores(secret)];
  // The UTF-8 bytes of a non-ASCII secret, as bodies are scanned (one character per byte).
  const latin1 = Buffer.from(secret, 'utf8').toString('latin1');
  if (latin1 !== secret) forms.push(latin1);
  // Hexadecimal of the UTF-8 bytes (a server that logs or echoes the key as hex; round 4 outside attacker, M4).
  // Only of secrets of 8 characters or more: the hex of a short one (`abc`: 616263) is ordinary data.
  const hex = Buffer.from(secret, 'utf8').toString('hex');
  if (secret.length >= 8) forms.push(hex, hex.toUpperCase());
  // Forms a server may echo a long key in (attacker probe 6): hex bytes with a separator
  // (`53:45:43`, `53 45 43`, `53-45-43`), percent-encoded twice (`%2553%2545`), base64 of its
  // UTF-16LE code units, and reversed. Only of secrets of 12 characters or more (NEAR_MIN), whose
  // forms no ordinary text holds.
  if (secret.length >= NEAR_MIN) {
    const pairs = hex.match(/../g) ?? [];
    for (const sep of [':', ' ', '-']) for (const h of [pairs.join(sep), pairs.join(sep).toUpperCase()]) forms.push(h);
    forms.push(pairs.map((p) => `%25${p.toUpperCase()}`).join(''), pairs.map((p) => `%25${p}`).join(''));
    const utf16 = Buffer.from(secret, 'utf16le');
    forms.push(utf16.toString('base64').replace(/=+$/, ''), utf16.toString('base64url'));
    forms.push([...secret].reverse().join(''));
  }
  return [...new Set(forms)];
}

/** Finds many fixed strings in a text: indexOf for a few, a prefix table for many. */
class Patterns {
  private readonly list: string[] = [];
  private readonly byPrefix = new Map<string, string[]>();
  private prefixLength = Infinity;

  add(pattern: string): void {
    if (pattern.length === 0 || this.list.includes(pattern)) return;
    this.list.push(pattern);
    this.prefixLength = Math.min(this.prefixLength, pattern.length);
    this.byPrefix.clear();
  }

  get size(): number {
    return this.list.length;
  }

  /** Non-overlapping matches, longest first at each position. */
  find(text: string): Span[] {
    if (this.list.length === 0) return [];
    const hits: Span[] = [];
    if (this.list.length <= 24) {
      for (const p of this.list) for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + p.length)) hits.push([at, at + p.length]);
      return hits;
    }
    const k = Math.min(this.prefixLength, 8);
    if (this.byPrefix.size === 0) {
      for (const p of this.list) {
        const key = p.slice(0, k);
        const bucket = this.byPrefix.get(key);
        if (bucket) bucket.push(p);
        else this.byPrefix.set(key, [p]);
      }
      for (const bucket of this.byPrefix.values()) bucket.sort((a, b) => b.length - a.length);
    }
    for (let i = 0; i + k <= text.length; i++) {
      const bucket = this.byPrefix.get(text.slice(i, i + k));
      if (!bucket) continue;
      const p = bucket.find((x) => text.startsWith(x, i));
      if (p) {
        hits.push([i, i + p.length]);
        i += p.length - 1;
      }
    }
    return hits;
  }
}

/** ASCII letters to lower case, every other unit kept: the length (and so every offset) is unchanged. */
const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** True when `a` and `b` differ by at most one substitution, insertion or deletion. Linear. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  // The first difference is the edit: the rest must be equal after it.
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Where a secret stands within one edit in a text (ASCII case ignored): spans of the text.
 * Any text within one edit of the secret holds one of its halves unchanged (the edit falls in
 * the other), at the start or at the end of the text, so the halves are searched for and each
 * place they are found is verified: linear in the text for each secret.
 * @param lower the text, {@link asciiLower}ed; `secret` the secret, {@link asciiLower}ed.
 */
function nearSpans(lower: string, secret: string): Span[] {
  const half = secret.length >> 1;
  const left = secret.slice(0, half);
  const right = secret.slice(half);
  const m = secret.length;
  const out: Span[] = [];
  /** The first of the windows `[a, b)` that is the secret exactly, else the first within one edit (same length first). */
  const take = (windows: Span[]): void => {
    const inside = windows.filter(([a, b]) => a >= 0 && b <= lower.length);
    const hit = inside.find(([a, b]) => b - a === m && lower.startsWith(secret, a)) ?? inside.find(([a, b]) => withinOneEdit(lower.slice(a, b), secret));
    if (hit) out.push(hit);
  };
  for (let at = lower.indexOf(left); at >= 0; at = lower.indexOf(left, at + 1))
    take([
      [at, at + m],
      [at, at + m - 1],
      [at, at + m + 1],
    ]);
  for (let at = lower.indexOf(right); at >= 0; at = lower.indexOf(right, at + 1)) {
    const end = at + right.length;
    take([
      [end - m, end],
      [end - m + 1, end],
      [end - m - 1, end],
    ]);
  }
  return out;
}

/** Characters a server may put between the letters of an echoed key: white space, invisible marks, punctuation. */
const SPACERS = [...' \t\n\r\u00a0\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff-_.:,;|/\\*+~\u00b7'];

/**
 * A pattern for a secret written with one or two spacer characters ({@link SPACERS}) between
 * each two of its letters (`k e y`, `k-e-y`, a zero-width space after each letter), ASCII case
 * ignored. Spacers that the secret itself contains are left out, so each step of the pattern has
 * one reading and matching stays linear in the text. A spacer between only some letters is two
 * or more edits, and data (the key written once with a space in it is not the key).
 */
function spacedPattern(secret: string): RegExp {
  const own = new Set(secret);
  const sep = SPACERS.filter((c) => !own.has(c))
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
  const letters = [...secret].map((c) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
  return new RegExp(letters.join(`[${sep}]{1,2}`), 'gi');
}

/** Options of a {@link Redactor}. */
export interface RedactorOptions {
  /**
   * Secrets shorter than this many characters are removed from headers and `Bearer SECRET` only,
   * never searched for in free text. Default 1 (every secret searched for).
   */
  minSearched?: number;
  /**
   * Also remove each searched secret of at least {@link NEAR_MIN} characters written within one
   * edit of itself (one character replaced, added or dropped; ASCII case ignored): a mangled echo
   * of a key. Default false (recordings keep everything but the secret byte for byte); a run's
   * own outputs turn it on (`redactorFor`).
   */
  nearForms?: boolean;
  /**
   * Also remove pieces of each secret: any {@link pieceLength} characters of it standing together
   * (a server that echoes a key in two halves, in two members). For outputs meant to be shared
   * (console, JSON, JUnit and HTML reports, certificates: `redactorFor` turns it on); never for
   * recordings, whose evidence stays byte for byte except at whole secrets. Default false.
   */
  pieces?: boolean;
}

/**
 * The length of the pieces of a secret searched for with `pieces`: half the secret (rounded
 * down), at least 8 characters. A secret shorter than 16 characters has no pieces searched: its
 * halves are too short to tell from ordinary words.
 */
export const pieceLength = (secret: string): number => Math.max(8, Math.floor(secret.length / 2));

/** Removes secrets from text, headers and bodies. Build one per run from every secret the run was given. */
export class Redactor {
  private readonly secrets: string[] = [];
  private readonly searched = new Patterns();
  private readonly bearer = new Patterns();
  private readonly minSearched: number;
  /** Secrets searched for within one edit (`nearForms`), ASCII lower-cased. */
  private readonly near: string[] = [];
  /** The same secrets written with spacers between their letters (`nearForms`): {@link spacedPattern}. */
  private readonly spaced: RegExp[] = [];
  private readonly nearForms: boolean;
  private readonly pieces: boolean;

  /**
   * @param secrets API keys and header values; empty and whitespace-only ones are ignored.
   * @param _vocabulary the suite's own fixed words (check ids, titles). Kept for callers of the
   *   earlier fragment-based redactor: whole secrets are removed wherever they stand, pieces never,
   *   so the suite's words need no protection.
   * @param options see {@link RedactorOptions}.
   */
  constructor(secrets: readonly (string | undefined)[], _vocabulary: readonly string[] = [], options: RedactorOptions = {}) {
    this.minSearched = Math.max(1, options.minSearched ?? 1);
    this.nearForms = options.nearForms === true;
    this.pieces = options.pieces === true;
    for (const s of secrets) if (typeof s === 'string') this.add(s);
  }

  /**
   * Adds a secret met later (the proxy learns keys from the traffic it sees).
   * @returns false when it was known already or is blank.
   */
  add(secret: string): boolean {
    if (secret.trim().length === 0 || this.secrets.includes(secret)) return false;
    this.secrets.push(secret);
    for (const b of ['Bearer ', 'bearer ', 'BEARER ']) this.bearer.add(b + secret);
    if (secret.length >= this.minSearched) for (const f of formsOf(secret)) this.searched.add(f);
    if (this.pieces && secret.length >= 16 && secret.length >= this.minSearched) {
      const m = pieceLength(secret);
      for (let i = 0; i + m <= secret.length; i++) this.searched.add(secret.slice(i, i + m));
    }
    if (this.nearForms && secret.length >= Math.max(NEAR_MIN, this.minSearched)) {
      const lower = asciiLower(secret);
      if (!this.near.includes(lower)) {
        this.near.push(lower);
        // A pattern grows with its secret (a 6,000-character one was past V8's limit and its error quoted the secret: attacker probe 7).
        if (secret.length <= SPACED_MAX) this.spaced.push(spacedPattern(secret));
      }
    }
    return true;
  }

  /** Secrets known. */
  get size(): number {
    return this.secrets.length;
  }

  /** True when there is nothing to redact. */
  get empty(): boolean {
    return this.secrets.length === 0;
  }

  /** True when the secret is known but too short to be searched for in free text. */
  isShort(secret: string): boolean {
    return this.secrets.includes(secret) && secret.length < this.minSearched;
  }

  /**
   * Where secrets stand in a text: spans of the original, merged, in order.
   * Text without `\`, `%` or `&` is searched as it is; other text is decoded first.
   */
  spans(text: string): Span[] {
    // Values of query parameters named like secrets (`token=`, `api_key=`, ...: contract/text.ts
    // SECRET_QUERY_NAMES) go whatever the run was told (outside attacker, finding 1).
    const query = secretQuerySpans(text);
    const known = this.secretSpans(text);
    const all = query.length === 0 ? known : merge([...known, ...query]);
    // Redacting twice changes nothing: a hit inside a marker already written is no secret (a key `e`
    // had turned `[redacted]` into `[r[redacted]dact[redacted]d]`: attacker probe 7).
    return all.length === 0 || !text.includes(REDACTED) ? all : all.filter(([a, b]) => !insideMarker(text, a, b));
  }

  /** Where the configured secrets stand in a text (see {@link spans}). */
  private secretSpans(text: string): Span[] {
    if (this.secrets.length === 0 || text.length === 0) return [];
    // `Bearer KEY`: the key goes, the word `Bearer ` (7 characters) stays.
    const bearer = (t: string): Span[] => this.bearer.find(t).map(([a, b]) => [a + 7, b]);
    const near = (t: string): Span[] => {
      if (this.near.length === 0) return [];
      const lower = asciiLower(t);
      const out = this.near.flatMap((secret) => nearSpans(lower, secret));
      for (const re of this.spaced) for (const m of t.matchAll(re)) out.push([m.index, m.index + m[0].length]);
      return out;
    };
    if (!ESCAPES.test(text)) return merge([...this.searched.find(text), ...bearer(text), ...near(text)]);
    const d = decode(text);
    const hits = [...this.searched.find(d.plain), ...bearer(d.plain), ...near(d.plain)];
    // Searched as written too: an escape may swallow a character of the secret (`\\` then a base64 `b...`).
    return merge([...hits.map(([a, b]) => originalSpan(d, a, b)), ...this.searched.find(text), ...bearer(text), ...near(text)]);
  }

  /** The text with every whole secret, in every form known, replaced by {@link REDACTED}. */
  text(text: string): string {
    return splice(text, this.spans(text));
  }

  /**
   * A header value as it may be recorded: credential headers and values that are a secret whole
   * become {@link REDACTED}; other values are redacted as text.
   */
  header(name: string, value: string): { value: string; redacted: boolean } {
    if (isCredentialHeader(name)) return { value: REDACTED, redacted: value !== REDACTED };
    if (this.secrets.includes(value.trim())) return { value: REDACTED, redacted: true };
    const spans = this.spans(value);
    return spans.length === 0 ? { value, redacted: false } : { value: splice(value, spans), redacted: true };
  }

  /**
   * A body with every secret replaced, as bytes: valid UTF-8 or not, the body is scanned one
   * character per byte, so a secret is found whatever surrounds it.
   * @returns the redacted bytes and the replaced spans (byte offsets of the original).
   */
  bytes(body: Buffer): { bytes: Buffer; spans: Span[] } {
    if (this.secrets.length === 0 || body.length === 0) return { bytes: body, spans: [] };
    const spans = this.spans(body.toString('latin1'));
    if (spans.length === 0) return { bytes: body, spans };
    const parts: Buffer[] = [];
    let at = 0;
    const mark = Buffer.from(REDACTED);
    for (const [a, b] of spans) {
      parts.push(body.subarray(at, a), mark);
      at = b;
    }
    parts.push(body.subarray(at));
    return { bytes: Buffer.concat(parts), spans };
  }

  /** A deep copy of a JSON-like value with every string redacted (keys included). */
  value<T>(value: T): T {
    if (this.secrets.length === 0) return value;
    const walk = (v: unknown, depth: number): unknown => {
      if (typeof v === 'string') return this.text(v);
      if (depth > 64 || v === null || typeof v !== 'object') return v;
      if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, this.text(k), { value: walk(x, depth + 1), enumerable: true, writable: true, configurable: true });
      return out;
    };
    return walk(value, 0) as T;
  }
}

/** True when `[a, b)` lies within one {@link REDACTED} marker of `text`. */
function insideMarker(text: string, a: number, b: number): boolean {
  const from = Math.max(0, b - REDACTED.length);
  for (let at = text.indexOf(REDACTED, from); at >= 0 && at <= a; at = text.indexOf(REDACTED, at + 1)) if (b <= at + REDACTED.length) return true;
  return false;
}

/**
 * Spans of the values of query parameters named like secrets in free text (a URL in a message, a
 * report, a recording): `?token=abc&x=1` gives the span of `abc`. Names compared as
 * `isSecretQueryName` (contract/text.ts: case and `-`/`_` alike, percent-decoded).
 */
function secretQuerySpans(text: string): Span[] {
  if (!text.includes('=')) return [];
  const out: Span[] = [];
  for (const m of text.matchAll(/[?&;]([A-Za-z0-9_.%-]{1,40})=([^&;#\s"'<>\\]+)/g)) {
    const name = m[1] ?? '';
    const value = m[2] ?? '';
    if (value === REDACTED || !isSecretQueryName(name)) continue;
    const start = (m.index ?? 0) + m[0].length - value.length;
    out.push([start, start + value.length]);
  }
  return out;
}

/** Sorted spans with overlapping ones joined. */
function merge(spans: Span[]): Span[] {
  if (spans.length <= 1) return spans;
  const sorted = spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

/** Replaces merged, sorted spans of `text` with {@link REDACTED}. */
function splice(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [a, b] of spans) {
    out += text.slice(at, a) + REDACTED;
    at = b;
  }
  return out + text.slice(at);
}
