/**
 * Profiles: what part of the API a vendor claims to implement (`--profile`, `--list-profiles`).
 * Every profile is derived from the contract, never from a hand list of operations:
 * - `full`: every operation and every parameter (§4.1, §4.2, §5);
 * - one profile per marketplace path segment of the contract (`market_a` gives `market-a`,
 *   `market_b` gives `market-b`): the operations under `/v3/<segment>/` (the ones tagged with that
 *   marketplace's tag, §4.1 or §4.2);
 * - `free-tier`: the operations that are not `x-premium` (§5) and no parameter marked
 *   `x-required-tier: paid` (`display[identifiers]`, §4.1 A2 rule 3).
 * A check result outside the claim is "not claimed": never a failure, never a reason for an
 * inconclusive run. The suite sends no request to an operation (or with a paid parameter) the
 * profile does not claim.
 */
import { escapeToken, isObject, resolve, type ContractOperation, type OpenApiDocument } from '../../contract/index.js';

/** Name of the profile that claims everything (the default). */
export const FULL_PROFILE = 'full';
/** Name of the profile without premium operations and paid parameters. */
export const FREE_TIER_PROFILE = 'free-tier';

/** A named claim: the operations and whether paid-tier parameters are included. */
export interface Profile {
  /** `full`, `market-a`, `market-b`, `free-tier` (the names follow the contract). */
  name: string;
  /** One line saying what is claimed and where in the contract that comes from. */
  description: string;
  /** The `operationId`s claimed, in contract order. */
  operations: string[];
  /** Whether parameters marked `x-required-tier: paid` (§5) are claimed. */
  paidParameters: boolean;
}

/** The contract's tags of an operation (`Marketplace A`), read from the document. */
function tagsOf(doc: OpenApiDocument, op: ContractOperation): string[] {
  const item = doc.paths[op.path];
  const raw = isObject(item) && isObject(item[op.method]) ? (item[op.method] as Record<string, unknown>).tags : undefined;
  return Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Every profile of a contract, `full` first, then one per marketplace segment, then `free-tier`.
 * @param doc the contract (its `tags` name the marketplaces in the descriptions).
 * @param ops its operations (`listOperations(doc)`).
 */
export function listProfiles(doc: OpenApiDocument, ops: readonly ContractOperation[]): Profile[] {
  const ids = (list: readonly ContractOperation[]): string[] => list.map((o) => o.operationId);
  const segments = [...new Set(ops.map((o) => o.marketplace))];
  const markets = segments.map((segment): Profile => {
    const mine = ops.filter((o) => o.marketplace === segment);
    const tags = [...new Set(mine.flatMap((o) => tagsOf(doc, o)))];
    return {
      name: segment.replace(/_/g, '-'),
      description: `the operations under /v3/${segment}/${tags.length > 0 ? ` (tagged ${tags.join(', ')})` : ''}, premium ones and paid parameters included`,
      operations: ids(mine),
      paidParameters: true,
    };
  });
  const free = ops.filter((o) => !o.premium);
  const paid = ops.flatMap((o) => o.parameters.filter((p) => p.requiredTier === 'paid').map((p) => p.name));
  return [
    { name: FULL_PROFILE, description: 'every operation of the contract, premium ones and paid parameters included', operations: ids(ops), paidParameters: true },
    ...markets,
    {
      name: FREE_TIER_PROFILE,
      description: `the operations without x-premium (${free.map((o) => o.section || o.operationId).join(', ')}), without the paid parameters (${[...new Set(paid)].join(', ') || 'none'})`,
      operations: ids(free),
      paidParameters: false,
    },
  ];
}

/**
 * What a profile claims, asked per operation, per request and per check.
 */
export class ProfileScope {
  readonly profile: Profile;
  private readonly claimed: ReadonlySet<string>;
  /** Paid-tier parameter names by operationId. */
  private readonly paid: ReadonlyMap<string, readonly string[]>;
  /** Every paid-tier parameter name of the contract. */
  private readonly paidNames: readonly string[];

  constructor(profile: Profile, ops: readonly ContractOperation[]) {
    this.profile = profile;
    this.claimed = new Set(profile.operations);
    this.paid = new Map(ops.map((o) => [o.operationId, o.parameters.filter((p) => p.requiredTier === 'paid').map((p) => p.name)]));
    this.paidNames = [...new Set([...this.paid.values()].flat())];
  }

  /** True when the profile claims everything (`full`): nothing is ever "not claimed". */
  get claimsAll(): boolean {
    return this.profile.paidParameters && [...this.paid.keys()].every((id) => this.claimed.has(id));
  }

  /** Whether an operation is claimed (`*` and text that is no operation of the contract: claimed, the run as a whole). */
  claimsOperation(operationId: string): boolean {
    return !this.paid.has(operationId) || this.claimed.has(operationId);
  }

  /**
   * Whether a request is claimed: its operation is, and it sets no paid parameter the profile
   * leaves out (a parameter set to `false` asks for nothing paid).
   * @param query the query parameters as sent.
   */
  claimsRequest(operationId: string, query: Readonly<Record<string, unknown>>): boolean {
    if (!this.claimsOperation(operationId)) return false;
    if (this.profile.paidParameters) return true;
    return !(this.paid.get(operationId) ?? []).some((name) => Object.hasOwn(query, name) && String(query[name]) !== 'false');
  }

  /** Whether a request URL is claimed (its query read from the URL). */
  claimsUrl(operationId: string, url: string): boolean {
    let query: Record<string, string> = {};
    try {
      query = Object.fromEntries(new URL(url).searchParams);
    } catch {
      // Not a URL: judged by its operation only.
    }
    return this.claimsRequest(operationId, query);
  }

  /**
   * Whether a check is claimed at all: a check whose rule (its requirement text) is about a
   * paid-tier parameter of the contract is outside a profile without paid parameters.
   */
  claimsCheck(requirement: string): boolean {
    return this.profile.paidParameters || !this.paidNames.some((name) => requirement.includes(name));
  }

  /** The reason written on a result the profile does not claim. */
  reason(what: string): string {
    return `not claimed by profile ${this.profile.name}: ${what}`;
  }
}

/**
 * The profile of this name.
 * @returns undefined when there is none (the caller lists {@link listProfiles} names).
 */
export function profileNamed(name: string, doc: OpenApiDocument, ops: readonly ContractOperation[]): Profile | undefined {
  return listProfiles(doc, ops).find((p) => p.name === name);
}

/**
 * The contract's example bodies of each operation's 200 JSON answer (`examples`, `example`),
 * `$ref`s followed.
 */
export function successExamples(doc: OpenApiDocument, op: ContractOperation): unknown[] {
  const ok = op.responses.find((r) => r.status === '200' && r.mediaType === 'application/json');
  if (!ok) return [];
  try {
    const media = resolve(doc, ok.schemaPointer.replace(/\/schema$/, '')).node;
    if (!isObject(media)) return [];
    const out: unknown[] = [];
    if (media.example !== undefined) out.push(media.example);
    if (isObject(media.examples)) {
      for (const name of Object.keys(media.examples)) {
        const ex = resolve(doc, `${ok.schemaPointer.replace(/\/schema$/, '')}/examples/${escapeToken(name)}`).node;
        if (isObject(ex) && ex.value !== undefined) out.push(ex.value);
      }
    }
    return out;
  } catch {
    return [];
  }
}
