/**
 * Recorded exchanges: HAR entries turned into the suite's {@link Exchange}s, each with its
 * operation of the contract, its caller and the caller's tier. No key is needed: a caller is the
 * kit's caller tag (`proxy --record`), else a hash of the recorded `Authorization` key (browser
 * exports keep it; the key itself is only used for redaction), else `none`. Its tier comes from
 * `--tier TAG=TIER`, else from the keys given (`--api-key`, `--free-key`, matched through the
 * recording's salt), else from the `X-Key-Type` header the service answered (production note
 * "Credentials and tiers"; contract `x-tiers`).
 */
import { createHash, createHmac } from 'node:crypto';
import { matchPath, printableUrl, type ContractOperation, type ContractValidator, type OperationId } from '../../contract/index.js';
import { withBody, type Auth } from '../../conformance/index.js';
import { callerTag, keyOf } from '../har/har.js';
import { credentialSecrets, UsageError } from '../../conformance/index.js';
import type { Exchange } from '../../conformance/index.js';
import { headerMap, inflateBudget, inflatedBodyOf, type HarEntry12 } from '../har/read.js';

/** One recorded exchange the offline judge works with. */
export interface Recorded {
  entry: HarEntry12;
  /** The exchange as the checks see it (operation, auth from the tier, headers, body). */
  ex: Exchange;
  /** The contract operation, when the URL is one of the contract's paths and the method GET. */
  op?: ContractOperation;
  /** Path parameters of the operation (decoded). */
  params: Record<string, string>;
  /** Caller id: the kit's tag (`none` for no key), `key:<hash>`, or `unknown` (no tag and no `Authorization` header). */
  caller: string;
  /**
   * Tier name (`Free`, `Pro`, ...), `none` without a key, undefined when unknown. Exchanges of
   * an unknown tier are judged by the response checks only: no check that depends on the caller
   * (tiers, entitlement, the suite's replay) uses them.
   */
  tier?: string;
}

/** Why recorded entries were not judged, counted. */
export interface Unjudged {
  /** Not a path of the contract (pages, scripts, images, other APIs). */
  notApi: number;
  /** OPTIONS and HEAD (no body of the API to judge). */
  otherMethod: number;
  /** Status 0: the recording holds no answer (cancelled, blocked or failed in the browser). */
  noAnswer: number;
  /** The body was not captured (`content.text` absent although the answer had one). */
  noBody: number;
  /** The body is stored compressed and would inflate past the per-entry or per-file bound (traffic/har/read.ts). */
  tooLarge: number;
}

/** Tiers that are not paid (contract `x-tiers`: Free; everything else named there is paid). */
const FREE_TIERS = new Set(['free']);

/**
 * Parses `--tier TAG=TIER`: a caller (kit caller tag, `key:<hash>` or `none`) and its tier.
 * @throws UsageError when there is no `=` or either side is empty or not a plain token.
 */
export function parseTierMapping(text: string): [string, string] {
  const at = text.indexOf('=');
  const tag = text.slice(0, at).trim();
  const tier = text.slice(at + 1).trim();
  if (at < 0 || !/^[\w:.-]{1,80}$/.test(tag) || !/^[\w .-]{1,40}$/.test(tier))
    throw new UsageError(`--tier must look like TAG=TIER (a caller tag of the recording and a tier such as Free or Pro, or none), got ${JSON.stringify(text.slice(0, 100))}`);
  return [tag, tier];
}

/** The suite's credentials kind of a tier: paid tiers are `main`, Free is `free`, no key `none`. */
export function authOfTier(tier: string | undefined): Auth {
  if (tier === undefined || tier.toLowerCase() === 'none') return 'none';
  return FREE_TIERS.has(tier.toLowerCase()) ? 'free' : 'main';
}

/** The path of a recorded URL from its `/v3/` on (a server's base path left out); undefined when the URL does not parse or has no `/v3/`. */
export function v3PathOf(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const at = path.indexOf('/v3/');
  return at < 0 ? undefined : path.slice(at);
}

/** The contract operation of a recorded URL: the path from its `/v3/` on, marketplace segments mapped back. */
export function operationOfUrl(validator: ContractValidator, url: string, pathSegments: Record<string, string> = {}): { op: ContractOperation; params: Record<string, string> } | undefined {
  let path = v3PathOf(url);
  if (path === undefined) return undefined;
  for (const [contractSegment, serverSegment] of Object.entries(pathSegments)) {
    if (path.startsWith(`/v3/${serverSegment}/`) || path === `/v3/${serverSegment}`) path = `/v3/${contractSegment}${path.slice(4 + serverSegment.length)}`;
  }
  for (const op of validator.operations) {
    const params = matchPath(op.path, path);
    if (params) return { op, params };
  }
  return undefined;
}

/** What identifies callers and their tiers. */
export interface CallerInputs {
  /** `--tier TAG=TIER` mappings. */
  tiers: Record<string, string>;
  /** Keys the user gave: matched to caller tags through the recording's salt. */
  apiKey?: string;
  freeKey?: string;
  /** `log._resaleKit.salt` of a kit recording. */
  salt?: string;
  pathSegments?: Record<string, string>;
}

/**
 * Turns entries into recorded exchanges with callers and tiers.
 * @returns the exchanges to judge, why the others were not judged, and the keys found in
 *   recorded `Authorization` headers and the values of every credential header, request or
 *   response (`credentialSecrets`, conformance/redact.ts: secrets the caller must redact from every output).
 * @throws UsageError when `--tier` names a caller the recording does not hold.
 */
export function recordedExchanges(entries: readonly HarEntry12[], validator: ContractValidator, inputs: CallerInputs): { recorded: Recorded[]; unjudged: Unjudged; secrets: string[] } {
  const unjudged: Unjudged = { notApi: 0, otherMethod: 0, noAnswer: 0, noBody: 0, tooLarge: 0 };
  // One inflation budget for the whole file: a HAR of small gzip bombs cannot add up to gigabytes.
  const budget = inflateBudget();
  const secrets = new Set<string>();
  const kept: { entry: HarEntry12; caller: string; keyTier?: string }[] = [];
  // A key's caller name is keyed by the recording (its first entry's time and URL), not a bare
  // hash of the key: the same file always names a caller alike (so `--tier key:HASH=...` works
  // run after run), and a log alone does not let anyone test guessed keys against it
  // (attacker probe 6: `key:` was sha256(key)).
  const fileSalt = createHash('sha256')
    .update(`resale-kit caller ${entries[0]?.startedDateTime ?? ''} ${entries[0]?.request.url ?? ''}`)
    .digest();
  const keyName = (k: string): string => `key:${createHmac('sha256', fileSalt).update(k).digest('hex').slice(0, 16)}`;
  for (const entry of entries) {
    const auth = entry.request.headers.find((h) => h.name.toLowerCase() === 'authorization')?.value;
    const key = auth !== undefined && !/redacted|^\[.*\]$/i.test(auth) ? keyOf(auth) : undefined;
    if (key !== undefined) secrets.add(key);
    // Every credential header of either side (Cookie, Set-Cookie, Proxy-Authorization, ...: a
    // browser's HAR holds session cookies) is a secret of the run too (outside attacker, finding 14).
    for (const h of [...entry.request.headers, ...entry.response.headers]) for (const v of credentialSecrets(h.name, h.value)) secrets.add(v);
    let caller = entry.callerTag;
    // Without a kit tag and without an Authorization header the caller is `unknown`: browsers'
    // sanitized exports drop that header, so its absence does not prove that no key was sent.
    if (caller === undefined) caller = key !== undefined ? keyName(key) : auth === undefined ? 'unknown' : 'none';
    // Keys given on the command line name the tier of their caller.
    let keyTier: string | undefined;
    const tagOf = (k: string): string => (entry.callerTag !== undefined && inputs.salt !== undefined ? callerTag(inputs.salt, `Bearer ${k}`) : keyName(k));
    if (inputs.apiKey && caller === tagOf(inputs.apiKey)) keyTier = 'paid';
    if (inputs.freeKey && caller === tagOf(inputs.freeKey)) keyTier = 'Free';
    kept.push({ entry, caller, keyTier });
  }
  for (const tag of Object.keys(inputs.tiers))
    if (!kept.some((k) => k.caller === tag)) throw new UsageError(`--tier ${tag}=...: the recording has no caller ${JSON.stringify(tag)}; its callers are ${[...new Set(kept.map((k) => k.caller))].join(', ') || 'none'}`);
  // The tier of each caller: --tier, else a key given, else the X-Key-Type it was answered most.
  const seen = new Map<string, Map<string, number>>();
  for (const { entry, caller } of kept) {
    const t = headerMap(entry.response.headers)['x-key-type'];
    if (t === undefined || !/^[\w .-]{1,40}$/.test(t)) continue;
    const m = seen.get(caller) ?? new Map<string, number>();
    m.set(t, (m.get(t) ?? 0) + 1);
    seen.set(caller, m);
  }
  const tierOf = (caller: string, keyTier: string | undefined): string | undefined => {
    if (Object.hasOwn(inputs.tiers, caller)) return inputs.tiers[caller];
    if (keyTier) return keyTier;
    const m = seen.get(caller);
    if (m) return [...m].sort((x, y) => y[1] - x[1])[0]?.[0];
    return caller === 'none' ? 'none' : undefined;
  };
  const recorded: Recorded[] = [];
  for (const { entry, caller, keyTier } of kept) {
    const found = operationOfUrl(validator, entry.request.url, inputs.pathSegments);
    if (!found) {
      unjudged.notApi++;
      continue;
    }
    if (entry.request.method === 'OPTIONS' || entry.request.method === 'HEAD') {
      unjudged.otherMethod++;
      continue;
    }
    if (entry.response.status === 0) {
      unjudged.noAnswer++;
      continue;
    }
    if (entry.response.content.text === undefined && entry.response.content.size > 0) {
      unjudged.noBody++;
      continue;
    }
    const bytes = inflatedBodyOf(entry, budget);
    if (bytes === undefined) {
      unjudged.tooLarge++;
      continue;
    }
    const tier = tierOf(caller, keyTier);
    const base: Exchange = {
      operationId: entry.request.method === 'GET' ? (found.op.operationId as OperationId) : '',
      auth: authOfTier(tier),
      // Printed in reports: no userinfo, no secret query value (contract/text.ts printableUrl).
      request: { method: entry.request.method, url: printableUrl(entry.request.url) },
      status: entry.response.status,
      headers: headerMap(entry.response.headers),
      text: '',
      ms: Math.max(0, entry.time),
    };
    recorded.push({ entry, ex: withBody(base, bytes), op: found.op, params: found.params, caller, ...(tier !== undefined ? { tier } : {}) });
  }
  return { recorded, unjudged, secrets: [...secrets] };
}
