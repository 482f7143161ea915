/**
 * Drift: what recorded traffic shows that the contract does not say (issue 25). From the judged
 * exchanges of a recording, every
 * - member of a body that its schema does not declare (`undeclared-member`),
 * - enum value outside the schema's `enum` (`undeclared-enum-value`),
 * - status code the operation does not name (`undeclared-status`; one only `default` covers counts),
 * - content type a documented status does not list (`undeclared-content-type`),
 * - response header no response of the operation declares, general HTTP fields aside
 *   (`undeclared-header`; production sends the same headers on every response),
 * and every declared member never seen although its parent object was (`never-seen`), each with
 * its count, first example (redacted by the caller's `clean`) and the operations it was seen on.
 * `./overlay.ts` writes the findings as an OpenAPI Overlay 1.0 document; nothing here changes
 * the contract.
 */
import { isObject, resolve, escapeToken, type ContractValidator, type Json, type JsonObject } from '../../contract/index.js';
import { ContractValidator as Validator } from '../../contract/index.js';
import { isCredentialHeader, REDACTED, type Exchange } from '../../conformance/index.js';
import type { Recorded } from '../offline/recorded.js';

/** The kinds of drift. */
export type DriftKind = 'undeclared-member' | 'undeclared-enum-value' | 'undeclared-status' | 'undeclared-content-type' | 'undeclared-header' | 'never-seen';

/** One finding of drift. */
export interface Drift {
  kind: DriftKind;
  /** JSON Pointer in the contract of what it is about: the schema object (members, enum), the responses of an operation (status) or a response (content type, header). */
  pointer: string;
  /** The member name, enum value (JSON text), status, content type or header name (lower case). */
  name: string;
  /** Where in the bodies (JSON Pointer with `*` for array items); `''` for status, content type and header. */
  at: string;
  /** Occurrences seen (exchanges for status, content type and header; values for members and enums); for `never-seen`, the objects seen without the member. */
  count: number;
  /** The first example, as JSON text, trimmed to 200 characters and redacted. */
  example: string;
  /** The operations it was seen on (operationId), in order of first sight. */
  operations: string[];
  /** JSON types seen (members): `string`, `integer`, `number`, `boolean`, `object`, `array`, `null`. */
  types: string[];
  /** For a status or content type: the media type and status seen. */
  status?: string;
  mediaType?: string;
  /** For a status: the response headers seen on it (general HTTP fields aside), lower case. */
  headers?: string[];
}

/** General HTTP fields (RFC 9110, 9111, CORS, transport) that no contract lists per response. */
const GENERAL_HEADERS = new Set([
  'date',
  'server',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-type',
  'content-encoding',
  'vary',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'age',
  'pragma',
  'via',
  'alt-svc',
  'strict-transport-security',
  'x-contract-violations',
]);
const isGeneral = (name: string): boolean => GENERAL_HEADERS.has(name) || name.startsWith('access-control-');

/** Items of one array looked at, and depth, at most (bodies are data: sizes are not trusted). */
const MAX_ITEMS = 1000;
const MAX_DEPTH = 32;

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

/** Schema nodes already resolved, per contract document and pointer (a walk asks for the same few pointers for every value). */
const RESOLVED = new WeakMap<JsonObject, Map<string, { node: JsonObject; pointer: string } | undefined>>();

/** A schema node followed through `$ref`s, with the pointer where it stands (cached per document: treat the contract as read-only). */
function at(doc: JsonObject, pointer: string): { node: JsonObject; pointer: string } | undefined {
  let cache = RESOLVED.get(doc);
  if (!cache) RESOLVED.set(doc, (cache = new Map()));
  if (cache.has(pointer)) return cache.get(pointer);
  let found: { node: JsonObject; pointer: string } | undefined;
  try {
    const r = resolve(doc, pointer);
    found = isObject(r.node) ? { node: r.node, pointer: r.pointer } : undefined;
  } catch {
    found = undefined;
  }
  cache.set(pointer, found);
  return found;
}

/** Does a value fit the `type` of a schema node (no `type`: anything)? */
function typeFits(node: JsonObject, value: unknown): boolean {
  const t = node.type;
  const types = Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
  if (types.length === 0) return true;
  const j = jsonType(value);
  return types.includes(j) || (j === 'integer' && types.includes('number'));
}

/**
 * The schema objects that describe a value: the node itself and, through `allOf` and the
 * `anyOf`/`oneOf` branches whose type fits the value, every branch (depth-bounded).
 */
function branches(doc: JsonObject, pointer: string, value: unknown, depth = 0): { node: JsonObject; pointer: string }[] {
  const here = at(doc, pointer);
  if (!here || depth > 8) return [];
  const out = [here];
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = here.node[k];
    if (!Array.isArray(list)) continue;
    list.forEach((_, i) => {
      const b = at(doc, `${here.pointer}/${k}/${i}`);
      if (b && (k === 'allOf' || typeFits(b.node, value))) out.push(...branches(doc, b.pointer, value, depth + 1));
    });
  }
  return out.filter((b) => typeFits(b.node, value) || b.node.type === undefined);
}

/** Collects drift as exchanges are walked. */
class Collector {
  readonly found = new Map<string, Drift>();
  /** Declared members of each schema object seen: pointer -> member -> times seen (0: never). */
  readonly declared = new Map<string, { at: string; op: string; objects: number; members: Map<string, number> }>();
  constructor(
    private readonly clean: (text: string) => string,
    private readonly onDrop: () => void,
  ) {}

  note(kind: DriftKind, pointer: string, name: string, where: string, op: string, example: unknown, extra: Partial<Drift> = {}): Drift | undefined {
    const k = `${kind} ${pointer} ${name}`;
    let d = this.found.get(k);
    if (!d) {
      if (this.found.size >= MAX_FINDINGS) {
        this.onDrop();
        return undefined;
      }
      let text = JSON.stringify(example) ?? String(example);
      if (text.length > 200) text = `${text.slice(0, 200)}...`;
      this.found.set(k, (d = { kind, pointer, name, at: where, count: 0, example: this.clean(text), operations: [], types: [], ...extra }));
    }
    d.count++;
    if (!d.operations.includes(op)) d.operations.push(op);
    const t = jsonType(example);
    if ((kind === 'undeclared-member' || kind === 'undeclared-status' || kind === 'undeclared-content-type') && !d.types.includes(t)) d.types.push(t);
    return d;
  }

  /** Walks a body value against the schema at `pointer`. */
  walk(doc: JsonObject, pointer: string, value: unknown, where: string, op: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const bs = branches(doc, pointer, value);
    if (bs.length === 0) return;
    // Enum values: every branch with an enum that fits the type must list the value.
    const enums = bs.filter((b) => Array.isArray(b.node.enum));
    if (enums.length > 0 && (typeof value === 'string' || typeof value === 'number') && !enums.some((b) => (b.node.enum as Json[]).includes(value))) {
      const e = enums[0] as { pointer: string };
      this.note('undeclared-enum-value', e.pointer, JSON.stringify(value), where, op, value);
    }
    if (Array.isArray(value)) {
      for (const b of bs) {
        if (!isObject(b.node.items)) continue;
        for (let i = 0; i < Math.min(value.length, MAX_ITEMS); i++) this.walk(doc, `${b.pointer}/items`, value[i], `${where}/*`, op, depth + 1);
        break;
      }
      return;
    }
    if (!isObject(value)) return;
    const withProps = bs.filter((b) => isObject(b.node.properties));
    if (withProps.length === 0) return;
    const open = bs.some((b) => isObject(b.node.additionalProperties) || isObject(b.node.patternProperties));
    for (const b of withProps) {
      const props = b.node.properties as JsonObject;
      // A member declared `false` (or `not: {}`) is declared absent: never seeing it is no drift.
      const allowed = Object.keys(props).filter((m) => props[m] !== false && !(isObject(props[m]) && isObject((props[m] as JsonObject).not) && Object.keys((props[m] as JsonObject).not as JsonObject).length === 0));
      const mine = this.declared.get(b.pointer) ?? { at: where, op, objects: 0, members: new Map(allowed.map((m) => [m, 0])) };
      mine.objects++;
      this.declared.set(b.pointer, mine);
      for (const m of mine.members.keys()) if (Object.hasOwn(value, m)) mine.members.set(m, (mine.members.get(m) ?? 0) + 1);
    }
    for (const key of Object.keys(value)) {
      const owner = withProps.find((b) => Object.hasOwn(b.node.properties as JsonObject, key));
      if (owner) this.walk(doc, `${owner.pointer}/properties/${escapeToken(key)}`, value[key], `${where}/${escapeToken(key)}`, op, depth + 1);
      else if (!open) this.note('undeclared-member', (withProps[0] as { pointer: string }).pointer, key, `${where}/${escapeToken(key)}`, op, value[key]);
    }
  }
}

/** Distinct findings kept at most (a hostile server may invent member names without end); more are counted. */
export const MAX_FINDINGS = 1000;

/**
 * Drift learnt one exchange at a time, in bounded memory (at most {@link MAX_FINDINGS} findings
 * besides the contract's own schema objects): for offline recordings and for live traffic (the
 * proxy can feed each judged exchange to {@link DriftCollector.add}).
 */
export class DriftCollector {
  private readonly c: Collector;
  private readonly doc: JsonObject;
  /** Findings not kept because {@link MAX_FINDINGS} was reached. */
  dropped = 0;

  /**
   * @param validator the contract (default: `openapi.yaml`'s).
   * @param clean redacts an example (the run's redactor); examples are data, never trusted.
   */
  constructor(
    private readonly validator: ContractValidator = new Validator(),
    clean: (text: string) => string = (t) => t,
  ) {
    this.doc = validator.doc as JsonObject;
    this.c = new Collector(clean, () => this.dropped++);
  }

  /** Learns from one judged exchange (any operation of the contract; others are ignored). */
  add(ex: Exchange): void {
    const { c, doc } = this;
    const op = this.validator.operations.find((o) => o.operationId === ex.operationId);
    if (!op || ex.status === undefined) return;
    const status = String(ex.status);
    // A status only `default` covers is still one the contract does not name: a client cannot
    // know it happens, nor what it means. It is drift worth an explicit response entry.
    const responses = op.responses.filter((x) => x.status === status || x.status === `${status[0]}XX`);
    const opPointer = `/paths/${escapeToken(op.path)}/${op.method}`;
    const mediaType = (ex.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (responses.length === 0) {
      // A status the contract does not name: its headers go with it (one action documents both).
      const d = c.note('undeclared-status', `${opPointer}/responses`, status, '', op.operationId, ex.json ?? ex.text.slice(0, 200), { status, mediaType, headers: [] });
      for (const name of Object.keys(ex.headers)) if (d && !isGeneral(name) && !d.headers?.includes(name) && (d.headers?.length ?? 0) < 50) d.headers?.push(name);
      return;
    }
    const response = responses.find((x) => x.mediaType.toLowerCase() === mediaType);
    const responsePointer = at(doc, `${opPointer}/responses/${escapeToken((responses[0] as { status: string }).status)}`)?.pointer ?? `${opPointer}/responses/${status}`;
    if (!response) {
      if (mediaType !== '' || ex.text.length > 0) c.note('undeclared-content-type', responsePointer, mediaType || '(none)', '', op.operationId, ex.json ?? ex.text.slice(0, 200), { status, mediaType });
    } else if (ex.json !== undefined) {
      c.walk(doc, response.schemaPointer, ex.json, '', op.operationId, 0);
    }
    // Production note (Credentials and tiers): every response carries X-Key-Type and
    // X-Quota-Current. A header the operation declares on any of its responses is therefore
    // declared on all of them (a shared Problem response cannot list per-operation headers).
    const declared = new Set(op.responses.flatMap((x) => x.headers.map((h) => h.name)));
    for (const name of Object.keys(ex.headers)) {
      if (isGeneral(name) || declared.has(name)) continue;
      // A credential header (Set-Cookie, ...: conformance/redact.ts) is named, its value never kept (finding 14).
      c.note('undeclared-header', responsePointer, name, '', op.operationId, isCredentialHeader(name) ? REDACTED : ex.headers[name], { status });
    }
  }

  /** The findings so far: what the contract lacks (by kind, then pointer), then declared members never seen (count: objects seen without them). */
  findings(): Drift[] {
    const out = [...this.c.found.values()].sort((x, y) => x.kind.localeCompare(y.kind) || x.pointer.localeCompare(y.pointer) || x.name.localeCompare(y.name));
    for (const [pointer, d] of this.c.declared) {
      for (const [member, seen] of d.members) if (seen === 0) out.push({ kind: 'never-seen', pointer, name: member, at: `${d.at}/${escapeToken(member)}`, count: d.objects, example: '', operations: [d.op], types: [] });
    }
    return out;
  }
}

/**
 * The drift of recorded exchanges against a contract.
 * @param validator the contract's validator (default: `openapi.yaml`'s).
 * @param clean redacts an example (the run's redactor); examples are data, never trusted.
 * @returns findings, what the contract lacks first (by kind, then pointer), `never-seen` last.
 */
export function driftOf(recorded: readonly Recorded[], validator: ContractValidator = new Validator(), clean: (text: string) => string = (t) => t): Drift[] {
  const collector = new DriftCollector(validator, clean);
  for (const r of recorded) collector.add(r.ex);
  return collector.findings();
}

/** One line per finding, for the terminal (the caller makes them terminal-safe). */
export function driftLines(found: readonly Drift[]): string[] {
  if (found.length === 0) return ['drift: the traffic shows nothing the contract does not say'];
  return [
    `drift: ${found.filter((f) => f.kind !== 'never-seen').length} things seen that the contract does not declare, ${found.filter((f) => f.kind === 'never-seen').length} declared members never seen`,
    ...found.map((f) =>
      f.kind === 'never-seen'
        ? `  never-seen ${f.at} (${f.pointer}) on ${f.operations.join(', ')}: absent from all ${f.count} objects seen`
        : `  ${f.kind} ${f.name} at ${f.at || f.pointer} on ${f.operations.join(', ')}: ${f.count} times, first ${f.example}`,
    ),
  ];
}
