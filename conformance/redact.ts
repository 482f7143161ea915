/**
 * Redaction of secrets (API keys, `--header` values): the one place every output of the suite
 * passes through (progress lines, console summary, JSON, JUnit and HTML reports, tool errors).
 *
 * A secret is found in any of the forms a server or a report writer may give it: literally,
 * JSON-escaped (`\u0053ECRET`, `\\u0053ECRET` after a second encoding), percent-encoded
 * (`%53ECRET`), or as an HTML character reference (`&#83;ECRET`). Any run of at least
 * {@link MIN_FRAGMENT} characters of a secret counts as the secret, so a key cut by a server
 * or by trimming (`Bearer SECRET-PAID-8c`) is still removed; a secret shorter than that is
 * removed where it stands whole. Redact before trimming, so no cut can split a secret into
 * fragments too short to find.
 */

/** Shortest piece of a secret that is treated as the secret. */
export const MIN_FRAGMENT = 6;
/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** The decoded text, one UTF-16 unit per entry, and the span of the original each came from. */
interface Decoded {
  chars: string[];
  start: number[];
  end: number[];
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Decodes JSON escapes (any number of backslashes), %XX and &#N; / &#xN; references, keeping spans. */
function decode(text: string): Decoded {
  const out: Decoded = { chars: [], start: [], end: [] };
  const push = (c: string, s: number, e: number): void => {
    out.chars.push(c);
    out.start.push(s);
    out.end.push(e);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\') {
      let j = i;
      while (text[j] === '\\') j++;
      const next = text[j];
      if (next === 'u' && HEX4.test(text.slice(j + 1, j + 5))) {
        push(String.fromCharCode(Number.parseInt(text.slice(j + 1, j + 5), 16)), i, j + 5);
        i = j + 5;
        continue;
      }
      if (next !== undefined && Object.hasOwn(SIMPLE, next) && next !== '\\') {
        push(SIMPLE[next] as string, i, j + 1);
        i = j + 1;
        continue;
      }
      push('\\', i, j);
      i = j;
      continue;
    }
    if (c === '%' && /^[0-7][0-9a-fA-F]$/.test(text.slice(i + 1, i + 3))) {
      push(String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16)), i, i + 3);
      i += 3;
      continue;
    }
    if (c === '&') {
      const m = /^&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/.exec(text.slice(i, i + 12));
      if (m) {
        const code = m[1] !== undefined ? Number(m[1]) : Number.parseInt(m[2] as string, 16);
        if (code <= 0x10ffff) {
          // One entry per UTF-16 unit, so that decoded positions index the joined string.
          for (const unit of String.fromCodePoint(code).split('')) push(unit, i, i + m[0].length);
          i += m[0].length;
          continue;
        }
      }
    }
    push(c, i, i + 1);
    i++;
  }
  return out;
}

/** Removes secrets from text. Build one per run from every secret the run was given. */
export class Redactor {
  private readonly secrets: string[];
  private readonly grams: Set<string>;

  /** @param secrets API keys and header values; empty and whitespace-only ones are ignored. */
  private readonly vocabulary: string;

  /**
   * @param secrets API keys and header values; empty and whitespace-only ones are ignored.
   * @param vocabulary the suite's own fixed text (check ids, titles, requirements): a piece of a
   *   secret that is only a word of it (the `premium` of a key `demo-premium` in the check id
   *   `premium-entitled`) is left alone; the whole secret, and any piece that is not such a
   *   word, is still removed wherever it stands.
   */
  constructor(secrets: readonly (string | undefined)[], vocabulary: readonly string[] = []) {
    this.secrets = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.trim().length > 0))];
    this.grams = new Set();
    for (const s of this.secrets) for (let i = 0; i + MIN_FRAGMENT <= s.length; i++) this.grams.add(s.slice(i, i + MIN_FRAGMENT));
    this.vocabulary = vocabulary.join('\n');
  }

  /**
   * Adds a secret met later (the proxy learns keys from the traffic it sees).
   * @returns false when it was known already or is blank.
   */
  add(secret: string): boolean {
    if (secret.trim().length === 0 || this.secrets.includes(secret)) return false;
    this.secrets.push(secret);
    for (let i = 0; i + MIN_FRAGMENT <= secret.length; i++) this.grams.add(secret.slice(i, i + MIN_FRAGMENT));
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

  /** The text with every form of every secret (and every long enough piece of one) replaced. */
  text(text: string): string {
    if (this.secrets.length === 0 || text.length === 0) return text;
    const d = decode(text);
    const plain = d.chars.join('');
    const hits: [number, number][] = [];
    // Fragments of at least MIN_FRAGMENT characters, extended as far as they stay inside a secret.
    for (let i = 0; i + MIN_FRAGMENT <= plain.length;) {
      if (!this.grams.has(plain.slice(i, i + MIN_FRAGMENT))) {
        i++;
        continue;
      }
      let j = i + MIN_FRAGMENT;
      while (j < plain.length && this.secrets.some((s) => s.includes(plain.slice(i, j + 1)))) j++;
      const piece = plain.slice(i, j);
      if (this.secrets.includes(piece) || !this.vocabulary.includes(piece)) hits.push([i, j]);
      i = j;
    }
    // Short secrets, whole.
    for (const s of this.secrets) {
      if (s.length >= MIN_FRAGMENT) continue;
      for (let at = plain.indexOf(s); at >= 0; at = plain.indexOf(s, at + s.length)) hits.push([at, at + s.length]);
    }
    if (hits.length === 0) return text;
    return splice(
      text,
      hits.map(([a, b]) => [d.start[a] as number, d.end[b - 1] as number]),
    );
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

/** Replaces the (possibly overlapping) spans of `text` with {@link REDACTED}. */
function splice(text: string, spans: [number, number][]): string {
  const sorted = spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  let open: [number, number] | undefined;
  for (const span of sorted) {
    if (open && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open) {
        out += text.slice(at, open[0]) + REDACTED;
        at = open[1];
      }
      open = [span[0], span[1]];
    }
  }
  if (open) {
    out += text.slice(at, open[0]) + REDACTED;
    at = open[1];
  }
  return out + text.slice(at);
}
