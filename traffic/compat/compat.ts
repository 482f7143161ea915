/**
 * `resale-kit compat --contract NEW --har RECORDING` without the command line (issue 32 item 2):
 * every recorded exchange of real consumers judged against a proposed contract NEW.
 *
 * - Consumer breaks (exit 1): a request that worked (2xx or 304) whose operation NEW no longer
 *   has (`operation-gone`), that lacks a parameter NEW requires (`parameter-required`) or sends a
 *   value NEW's parameter schema refuses (`parameter-refused`), or sends a query parameter the kit's
 *   own contract declares and NEW no longer does (`parameter-removed`); a member the consumer received
 *   that NEW's response schema does not describe (`member-not-promised`, the drift walker of
 *   traffic/drift/ run under NEW) or whose JSON type it no longer allows (`member-type-changed`).
 * - Server changes, reported apart: every other rule of NEW's response schema a recorded answer
 *   breaks (`answer-refused`), a recorded status NEW does not document (`status-undocumented`).
 * - Deprecated uses: recorded calls of operations, parameters and members NEW marks
 *   `deprecated: true`, with `x-sunset` and `x-successor` when given.
 *
 * The recording is read by the one HAR reader (traffic/har/read.ts: the kit's, browser and
 * mitmproxy HARs), NEW by the one contract reader (`readContract`) and judged by the one Ajv set-up
 * (`ContractValidator`). Recorded text is data: URLs are kept through `printableUrl`, recorded
 * parameter values are never quoted, member names are escaped (RFC 6901) and findings are capped.
 */
import {
  escapeToken,
  getAt,
  isObject,
  listOperations,
  loadContract,
  matchPath,
  parsePointer,
  printableUrl,
  resolve,
  ContractValidator,
  type ContractOperation,
  type Json,
  type JsonObject,
  type OpenApiDocument,
} from '../../contract/index.js';
import { DiffInputError, readContract } from '../../contract/diff/index.js';
import { DriftCollector } from '../drift/drift.js';
import { readHar, type HarEntry12, type HarProblem } from '../har/read.js';
import { operationOfUrl, recordedExchanges, v3PathOf, type Recorded } from '../offline/recorded.js';
import type { CompatExample, CompatFinding, CompatKind, CompatReport, CompatSide } from './types.js';

/** Exit codes of `resale-kit compat`: 0 no consumer breaks, 1 a consumer breaks, 2 usage or an unreadable file. */
export const COMPAT_EXIT = { compatible: 0, breaking: 1, usage: 2 } as const;

/** Distinct findings kept at most (a recording may hold member names without end); more are counted in a note. */
export const MAX_COMPAT_FINDINGS = 1000;

/** A contract or recording that cannot be read or judged: the command exits 2 with this message. */
export class CompatInputError extends Error {
  override name = 'CompatInputError';
}

/** Options of {@link compatOf}. */
export interface CompatOptions {
  /** The largest recording read, in bytes (default the HAR reader's `HAR_MAX_BYTES`, 64 MiB). */
  maxHarBytes?: number;
}

const SIDE_ORDER: Record<CompatSide, number> = { consumer: 0, server: 1, deprecation: 2 };
const SIDE_OF: Record<CompatKind, CompatSide> = {
  'operation-gone': 'consumer',
  'parameter-required': 'consumer',
  'parameter-refused': 'consumer',
  'parameter-removed': 'consumer',
  'member-not-promised': 'consumer',
  'member-type-changed': 'consumer',
  'answer-refused': 'server',
  'status-undocumented': 'server',
  'deprecated-operation': 'deprecation',
  'deprecated-parameter': 'deprecation',
  'deprecated-member': 'deprecation',
};

/** A request that worked for its consumer: its parameters and operation are judged (an error answer never worked). */
const worked = (status: number): boolean => (status >= 200 && status < 300) || status === 304;

/** Findings aggregated by side, kind, operation, where and message, in bounded memory. */
class Findings {
  private readonly found = new Map<string, CompatFinding>();
  /** Keys already counted for the exchange being judged: a finding counts exchanges, not values (720 prices of one answer are one exchange). */
  private current = new Set<string>();
  dropped = 0;

  /** Starts judging the next exchange. */
  next(): void {
    this.current = new Set();
  }

  add(kind: CompatKind, operation: string, where: string, message: string, entry: HarEntry12, extra: Pick<CompatFinding, 'sunset' | 'successor'> = {}): void {
    const key = [kind, operation, where, message].join('\u0000');
    if (this.current.has(key)) return;
    this.current.add(key);
    const have = this.found.get(key);
    if (have) {
      have.count++;
      return;
    }
    if (this.found.size >= MAX_COMPAT_FINDINGS) {
      this.dropped++;
      return;
    }
    const example: CompatExample = { entry: entry.index, method: entry.request.method, url: printableUrl(entry.request.url), status: entry.response.status };
    this.found.set(key, { side: SIDE_OF[kind], kind, operation, where, message, count: 1, example, ...extra });
  }

  list(): CompatFinding[] {
    return [...this.found.values()].sort((a, b) => SIDE_ORDER[a.side] - SIDE_ORDER[b.side] || cmp(a.operation, b.operation) || cmp(a.where, b.where) || cmp(a.kind, b.kind) || cmp(a.message, b.message));
  }
}
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads NEW as a contract the kit can judge with.
 * @throws CompatInputError when the file is unreadable, not OpenAPI 3.x, or its operations or schemas cannot be compiled.
 */
function newContract(path: string): ContractValidator {
  let document: JsonObject;
  try {
    document = readContract(path).document;
  } catch (e) {
    throw new CompatInputError(e instanceof DiffInputError ? e.message : `cannot read the contract ${path}`);
  }
  const doc = { ...document, components: isObject(document.components) ? document.components : {} } as OpenApiDocument;
  try {
    return new ContractValidator(doc);
  } catch (e) {
    throw new CompatInputError(`${path} cannot be judged with: ${e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 300) : 'error'}`);
  }
}

/** The query of a recorded URL, in an object with no prototype (repeated names as arrays); empty when the URL does not parse. */
function queryOf(url: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  let search: URLSearchParams;
  try {
    search = new URL(url).searchParams;
  } catch {
    return out;
  }
  for (const [k, v] of search) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** The node at a pointer of NEW, or undefined (never throws). */
function nodeAt(doc: JsonObject, pointer: string): JsonObject | undefined {
  try {
    const n = getAt(doc, pointer);
    return isObject(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** `x-sunset` and `x-successor` of a deprecated node, when they are strings. */
function sunsetOf(node: JsonObject): Pick<CompatFinding, 'sunset' | 'successor'> {
  const out: Pick<CompatFinding, 'sunset' | 'successor'> = {};
  if (typeof node['x-sunset'] === 'string') out.sunset = node['x-sunset'];
  if (typeof node['x-successor'] === 'string') out.successor = node['x-successor'];
  return out;
}

/** The template of a concrete JSON Pointer into a value: array indexes become `*` (`/data/0/asks` → `/data/*\/asks`). */
function templateOf(value: unknown, pointer: string): string {
  if (pointer === '') return '';
  let node: unknown = value;
  let out = '';
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      out += '/*';
      node = node[Number(token)];
    } else {
      out += `/${escapeToken(token)}`;
      node = isObject(node as Json) && Object.hasOwn(node as object, token) ? (node as JsonObject)[token] : undefined;
    }
  }
  return out;
}

/** Depth at which the walk for deprecated members stops (bodies are data: depth is not trusted). */
const MAX_DEPTH = 32;
/** Items of one array looked at for deprecated members. */
const MAX_ITEMS = 1000;

/** Does NEW mark any schema property `deprecated: true`? (Most contracts do not: the walk is then skipped.) */
function hasDeprecatedMembers(doc: JsonObject): boolean {
  const stack: Json[] = [doc];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) for (const x of n) stack.push(x);
    else if (isObject(n)) {
      if (isObject(n.properties) && Object.values(n.properties).some((p) => isObject(p) && p.deprecated === true)) return true;
      for (const x of Object.values(n)) stack.push(x);
    }
  }
  return false;
}

/**
 * Reports the members of `value` whose property schema in NEW says `deprecated: true` (on the
 * property itself or the schema its `$ref` names), through `allOf`, `anyOf`, `oneOf` and `items`.
 */
function walkDeprecated(doc: JsonObject, pointer: string, value: unknown, where: string, depth: number, report: (where: string, node: JsonObject) => void): void {
  if (depth > MAX_DEPTH) return;
  let here: { node: Json; pointer: string };
  try {
    here = resolve(doc, pointer);
  } catch {
    return;
  }
  const node = here.node;
  if (!isObject(node)) return;
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[k];
    if (Array.isArray(list)) list.forEach((_, i) => walkDeprecated(doc, `${here.pointer}/${k}/${i}`, value, where, depth + 1, report));
  }
  if (Array.isArray(value)) {
    if (isObject(node.items)) for (let i = 0; i < Math.min(value.length, MAX_ITEMS); i++) walkDeprecated(doc, `${here.pointer}/items`, value[i], `${where}/*`, depth + 1, report);
    return;
  }
  if (!isObject(value as Json) || !isObject(node.properties)) return;
  const props = node.properties;
  for (const key of Object.keys(value as object)) {
    if (!Object.hasOwn(props, key)) continue;
    const at = `${here.pointer}/properties/${escapeToken(key)}`;
    const member = `${where}/${escapeToken(key)}`;
    const own = props[key];
    let target: Json | undefined;
    try {
      target = resolve(doc, at).node;
    } catch {
      target = undefined;
    }
    const marked = [own, target].find((n): n is JsonObject => isObject(n) && n.deprecated === true);
    if (marked) report(member, marked);
    walkDeprecated(doc, at, (value as JsonObject)[key], member, depth + 1, report);
  }
}

/** The kit's own operation a URL names (for naming an operation NEW lost), by path and method. */
function kitOperation(url: string, method: string): ContractOperation | undefined {
  const path = v3PathOf(url);
  if (path === undefined) return undefined;
  return KIT_OPERATIONS().find((op) => op.method === method.toLowerCase() && matchPath(op.path, path) !== null);
}
let kitOps: ContractOperation[] | undefined;
const KIT_OPERATIONS = (): ContractOperation[] => (kitOps ??= listOperations(loadContract()));

/** Judges a request that worked: its operation's deprecation, its parameters under NEW. */
function judgeRequest(validator: ContractValidator, r: Recorded & { op: ContractOperation }, out: Findings): void {
  const { entry, op } = r;
  const opNode = nodeAt(validator.doc, `/paths/${escapeToken(op.path)}/${op.method}`);
  if (opNode?.deprecated === true) out.add('deprecated-operation', op.operationId, `${op.method.toUpperCase()} ${op.path}`, 'NEW marks the operation deprecated', entry, sunsetOf(opNode));
  const query = queryOf(entry.request.url);
  const { violations } = validator.checkParameters(op, r.params, query);
  for (const v of violations) {
    if (v.message === 'is required') out.add('parameter-required', op.operationId, v.location, 'NEW requires this parameter; the recorded request did not send it', entry);
    else out.add('parameter-refused', op.operationId, v.location, `NEW refuses the recorded value: ${v.message}`, entry);
  }
  // A query parameter the kit's own contract declares for this operation and NEW no longer does: the
  // consumer's filter would be ignored (production ignores unknown parameters). Names unknown to both are not judged.
  const kit = KIT_OPERATIONS().find((o) => o.operationId === op.operationId);
  for (const name of Object.keys(query))
    if (!op.parameters.some((p) => p.in === 'query' && p.name === name) && kit?.parameters.some((p) => p.in === 'query' && p.name === name))
      out.add('parameter-removed', op.operationId, `query.${name}`, "the recorded request sends this parameter; NEW no longer declares it (the kit's contract does): a server following NEW ignores it", entry);
  const sentHeaders = new Set(entry.request.headers.map((h) => h.name.toLowerCase()));
  for (const p of op.parameters) {
    const sent = p.in === 'path' || (p.in === 'query' && Object.hasOwn(query, p.name)) || (p.in === 'header' && sentHeaders.has(p.name.toLowerCase()));
    if (p.in === 'header' && p.required && !sent && p.name.toLowerCase() !== 'authorization')
      out.add('parameter-required', op.operationId, `header.${p.name.toLowerCase()}`, 'NEW requires this header; the recorded request did not send it', entry);
    const node = nodeAt(validator.doc, p.schemaPointer.replace(/\/schema$/, ''));
    if (sent && node?.deprecated === true) out.add('deprecated-parameter', op.operationId, `${p.in}.${p.name}`, 'NEW marks the parameter deprecated', entry, sunsetOf(node));
  }
}

/** Ajv keywords a member present in the answer fails when NEW types it differently. */
const TYPE_KEYWORDS = new Set(['type']);
/** Ajv keywords a member fails when NEW no longer describes it (a closed object). */
const MEMBER_KEYWORDS = new Set(['additionalProperties', 'unevaluatedProperties']);

/** Judges a recorded answer under NEW: undocumented status, members not promised, types changed, other rules broken. */
function judgeAnswer(validator: ContractValidator, r: Recorded & { op: ContractOperation }, deprecatedMembers: boolean, out: Findings): boolean {
  const { entry, op, ex } = r;
  const status = String(entry.response.status);
  const responses = op.responses.filter((x) => x.status === status);
  const ranged = responses.length > 0 ? responses : op.responses.filter((x) => x.status === `${status[0]}XX`);
  const documented = ranged.length > 0 ? ranged : op.responses.filter((x) => x.status === 'default');
  if (documented.length === 0) {
    out.add('status-undocumented', op.operationId, status, `NEW documents no ${status} answer for this operation`, entry);
    return true;
  }
  if (ex.json === undefined) return false;
  const mediaType = (ex.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const response = documented.find((x) => x.mediaType.toLowerCase() === mediaType) ?? documented.find((x) => /json/i.test(x.mediaType));
  if (!response) return false;
  // Members NEW does not describe: the drift walker (traffic/drift/) under NEW, one exchange at a time.
  const drift = new DriftCollector(validator);
  drift.add(ex);
  const notPromised = new Set<string>();
  out.dropped += drift.dropped; // members past the drift walker's own cap (traffic/drift/drift.ts MAX_FINDINGS)
  for (const d of drift.findings()) {
    if (d.kind !== 'undeclared-member') continue;
    notPromised.add(d.at);
    out.add('member-not-promised', op.operationId, d.at, 'the consumer received this member; NEW does not describe it', entry);
  }
  let violations;
  try {
    violations = validator.validateAtBounded(response.schemaPointer, ex.json).violations;
  } catch {
    return false;
  }
  for (const v of violations) {
    const where = templateOf(ex.json, v.pointer);
    const rule = v.message.startsWith(`${v.pointer} `) ? v.message.slice(v.pointer.length + 1) : v.message;
    // A type error inside an anyOf/oneOf branch is the noise of branches not meant to match: a server change, not a consumer break.
    if (TYPE_KEYWORDS.has(v.keyword) && !/\/(?:anyOf|oneOf)\//.test(v.schemaPath)) {
      out.add('member-type-changed', op.operationId, where, `the consumer received this member; NEW types it differently: ${rule}`, entry);
      continue;
    }
    if (MEMBER_KEYWORDS.has(v.keyword)) {
      const name = v.params.additionalProperty ?? v.params.unevaluatedProperty;
      const member = `${where}/${escapeToken(String(name))}`;
      if (!notPromised.has(member)) out.add('member-not-promised', op.operationId, member, 'the consumer received this member; NEW does not describe it', entry);
      continue;
    }
    out.add('answer-refused', op.operationId, where, `NEW refuses the recorded answer: ${rule}`, entry);
  }
  if (deprecatedMembers) walkDeprecated(validator.doc, response.schemaPointer, ex.json, '', 0, (where, node) => out.add('deprecated-member', op.operationId, where, 'NEW marks the member deprecated', entry, sunsetOf(node)));
  return true;
}

/**
 * Judges a recording against a proposed contract.
 * @param contractPath NEW: an OpenAPI 3.x document of this API (YAML or JSON).
 * @param harPath the recording: HAR 1.2 of any writer the kit reads.
 * @returns the report; exit code by {@link compatExitCode}.
 * @throws CompatInputError when NEW cannot be read or compiled, or the recording cannot be read (not a file, too large, not JSON, no entries with an answer).
 */
export function compatOf(contractPath: string, harPath: string, options: CompatOptions = {}): CompatReport {
  const validator = newContract(contractPath);
  const notes: string[] = [];
  let skipped = 0;
  const onProblem = (p: HarProblem): void => {
    skipped++;
    if (notes.length < 10) notes.push(p.message);
  };
  let read;
  try {
    read = readHar(harPath, { onProblem, ...(options.maxHarBytes !== undefined ? { maxBytes: options.maxHarBytes } : {}) });
  } catch (e) {
    throw new CompatInputError(e instanceof Error ? e.message : `cannot read the recording ${harPath}`);
  }
  const { recorded, unjudged } = recordedExchanges(read.entries, validator, { tiers: {}, ...(read.salt !== undefined ? { salt: read.salt } : {}) });
  const out = new Findings();
  const deprecatedMembers = hasDeprecatedMembers(validator.doc);
  const notJudged = { notApi: 0, otherMethod: unjudged.otherMethod, noAnswer: unjudged.noAnswer, requestRefused: 0, bodyNotJudged: unjudged.noBody + unjudged.tooLarge, skipped };
  let exchanges = 0;
  // Entries no operation of NEW takes: an operation gone when the request worked, else not the API or refused anyway.
  const taken = new Set(recorded.map((r) => r.entry.index));
  for (const entry of read.entries) {
    if (taken.has(entry.index) || entry.response.status === 0 || entry.request.method === 'OPTIONS' || entry.request.method === 'HEAD') continue;
    out.next();
    if (operationOfUrl(validator, entry.request.url)) continue; // taken by NEW, body not judged (counted above)
    let path = '';
    try {
      path = new URL(entry.request.url).pathname;
    } catch {
      /* not a URL: not the API */
    }
    const at = path.indexOf('/v3/');
    if (at < 0) {
      notJudged.notApi++;
      continue;
    }
    exchanges++;
    if (!worked(entry.response.status)) {
      notJudged.requestRefused++;
      continue;
    }
    const kit = kitOperation(entry.request.url, entry.request.method);
    out.add('operation-gone', kit?.operationId ?? "(not in the kit's contract)", `${entry.request.method} ${kit?.path ?? path.slice(at)}`, 'NEW has no operation for this method and path', entry);
  }
  for (const r of recorded) {
    exchanges++;
    out.next();
    const op = r.op;
    if (!op) continue;
    const withOp = r as Recorded & { op: ContractOperation };
    if (r.entry.request.method.toLowerCase() !== op.method) {
      if (worked(r.entry.response.status)) out.add('operation-gone', op.operationId, `${r.entry.request.method} ${op.path}`, 'NEW has no operation for this method and path', r.entry);
      else notJudged.requestRefused++;
      continue;
    }
    if (worked(r.entry.response.status)) judgeRequest(validator, withOp, out);
    else notJudged.requestRefused++;
    if (!judgeAnswer(validator, withOp, deprecatedMembers, out)) notJudged.bodyNotJudged++;
  }
  if (out.dropped > 0) notes.push(`${out.dropped} further findings not kept: at most ${MAX_COMPAT_FINDINGS} distinct findings are listed`);
  const findings = out.list();
  const count = (side: CompatSide): number => findings.filter((f) => f.side === side).length;
  return {
    contract: contractPath,
    recording: harPath,
    entries: read.entries.length,
    exchanges,
    notJudged,
    findings,
    summary: { consumer: count('consumer'), server: count('server'), deprecation: count('deprecation') },
    notes,
  };
}

/** The exit code a report calls for ({@link COMPAT_EXIT}): 1 when a consumer breaks, else 0. */
export const compatExitCode = (report: CompatReport): number => (report.summary.consumer > 0 ? COMPAT_EXIT.breaking : COMPAT_EXIT.compatible);
