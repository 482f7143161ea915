/**
 * What a check is (a small named function, Schemathesis style) and what it gets to work with.
 * Response checks judge every exchange of the run; scenario checks make their own requests.
 */
import type { ContractValidator, OperationId } from '../contract/index.js';
import type { ApiClient, Auth } from './client.js';
import type { Discovery } from './found.js';
import type { ConformanceOptions } from './options.js';
import type { Source } from './provenance.js';
import type { Exchange, Level, Outcome } from './types.js';

/** One conclusion of a check. */
export interface Verdict {
  outcome: Outcome;
  message: string;
  /** Operation the verdict is about; defaults to the exchange's operation, else `*`. */
  operation?: string;
  exchange?: Exchange;
  /** JSON Pointer of the offending part of the body. */
  location?: string;
  /** The offending part (any JSON value; the report trims it). */
  evidence?: unknown;
  /** How many verdicts of this kind this one stands for (the proxy keeps aggregates, not every verdict); default 1. */
  count?: number;
  /**
   * The level of this verdict when it differs from the check's: the provenance of the keyword
   * or parameter limit it judges (a schema keyword with `x-source: decision` is `info`).
   */
  level?: Level;
}

/** What checks work with. */
export interface CheckContext {
  readonly options: ConformanceOptions;
  readonly client: ApiClient;
  readonly validator: ContractValidator;
  /** Products found by search, lookup and sales (computed once, on first use). */
  discover(): Promise<Discovery>;
  /**
   * GETs an operation of the contract with its path parameters filled in.
   * @param path path parameters by name (encoded here).
   */
  call(operationId: OperationId, path?: Record<string, string | number>, query?: Record<string, string | number | boolean>, auth?: Auth): Promise<Exchange>;
  /**
   * True when the run claims the operation (`--profile`): checks that send requests of their own
   * through `client.request` (other methods, extra headers) send none for an operation it does not
   * claim. Absent: every operation is claimed.
   */
  claims?(operationId: string): boolean;
}

/** A conformance check. Its `id` is its CLI and config key. */
export interface Check {
  id: string;
  /** The severity of its findings; follows `source` (`LEVEL_OF_SOURCE`, conformance/provenance.ts). */
  level: Level;
  /** Where the rule it enforces comes from: the description, production notes, practice, samples, or a kit decision. */
  source: Source;
  /**
   * It judges only what a server's answers happen to allow: an optional member (`$schema`: "some
   * responses also carry", §1), or data enough to judge (a sales history reaching back 60 days).
   * It judges when it can and never makes a run inconclusive by judging nothing.
   */
  optional?: boolean;
  /** Section of the API description (`§4.1 A2 rule 1`) or the contract decision it enforces. */
  requirement: string;
  /** One line saying what it checks. */
  title: string;
  /** Judges one exchange; undefined when the exchange is not its business. */
  response?: (ex: Exchange, ctx: CheckContext) => Verdict | Verdict[] | undefined;
  /** Makes its own requests and judges them. */
  scenario?: (ctx: CheckContext) => Promise<Verdict[]>;
  /** The generated phase this check is (`coverage`, `pagination`, `fuzz`): its requests are counted apart in the report. */
  phase?: string;
}

/** A passing verdict. */
export const pass = (message: string, exchange?: Exchange, operation?: string): Verdict => ({ outcome: 'pass', message, exchange, operation });
/** A failing verdict, with where in the body and what was there. */
export const fail = (message: string, exchange?: Exchange, location?: string, evidence?: unknown, operation?: string): Verdict => ({
  outcome: 'fail',
  message,
  exchange,
  location,
  evidence,
  operation,
});
/** How a verdict or report line starts when a budget (values, time, depth, queue) stopped judging short. */
export const NOT_FULLY_JUDGED = 'not fully judged';

/** A skipped verdict: the check could not apply (say why). */
export const skip = (message: string, operation?: string): Verdict => ({ outcome: 'skip', message, operation });
/**
 * "Not judged": the check found nothing to compare (no pairs, no overlap, an empty list), so it
 * neither passes nor fails. Never report a pass for a comparison of nothing.
 */
export const notJudged = (why: string, operation?: string): Verdict => ({ outcome: 'skip', message: `not judged: ${why}`, operation });

/** True for a JSON object (not null, not an array). */
export const isObject = (x: unknown): x is Record<string, any> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The body of a 200 JSON response as an object, else undefined (the one reader of a successful body). */
export function okBody(ex: Exchange | undefined): Record<string, any> | undefined {
  return ex && ex.status === 200 && isObject(ex.json) ? ex.json : undefined;
}

/**
 * The products of a 200 search or lookup answer of one of `operationIds`, each with its JSON
 * Pointer (`/data/3` in a list, `/data` in a lookup): the one reader of "the products of an
 * answer" for response checks. Empty for other operations and for answers that hold none.
 */
export function answerProducts(ex: Exchange, operationIds: readonly string[]): { at: string; product: Record<string, any> }[] {
  if (!operationIds.includes(ex.operationId)) return [];
  const data: unknown = okBody(ex)?.data;
  if (Array.isArray(data)) return data.flatMap((product, i) => (isObject(product) ? [{ at: `/data/${i}`, product }] : []));
  return isObject(data) ? [{ at: '/data', product: data }] : [];
}

/**
 * Whether a problem answer's `detail` says what production's does (production note, Errors:
 * `detail: "Product not found"`, `detail: "Invalid key"`): it starts with that text, and may go on
 * with guidance. Undefined when the answer has no JSON body with a text `detail` (problem-details
 * judges the shape).
 */
export function detailSays(ex: Exchange, text: string): boolean | undefined {
  const detail = isObject(ex.json) ? ex.json.detail : undefined;
  return typeof detail === 'string' ? detail.trim().toLowerCase().startsWith(text.toLowerCase()) : undefined;
}

/** `data` of a 200 JSON response (§2.1), else undefined. */
export const okData = (ex: Exchange | undefined): unknown => okBody(ex)?.data;

/** The object items of `data` of a 200 list response (§2.1), else undefined when `data` is not an array. */
export function okItems(ex: Exchange | undefined): Record<string, any>[] | undefined {
  const data = okData(ex);
  return Array.isArray(data) ? data.filter(isObject) : undefined;
}

/**
 * The verdict for a scenario whose request gave no usable 200 JSON object: a failure that
 * says what came back instead.
 */
export function unusable(ex: Exchange, what: string): Verdict {
  const why = ex.error ?? (ex.status === 200 ? 'the body is not a JSON object' : `status ${ex.status}`);
  return fail(`${what}: no usable answer (${why})`, ex);
}

/**
 * JSON text with object members in a fixed (sorted) order, so two bodies that differ only in
 * member order compare equal: `{"b":1,"a":[2]}` and `{"a":[2],"b":1}` give the same text. For
 * checks that compare two answers (id against slug, with and without a parameter).
 */
export function canonicalText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalText(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
