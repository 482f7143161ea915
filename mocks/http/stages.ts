/**
 * The stages of an API call through the mock core (Prism's route → authenticate → validate →
 * handle, plus admit and finish), as a record of small functions. Routing (which operation, if
 * any) happens before; a stage either passes the call on or answers it. Scenarios and mutants
 * are wrappers that take `Stages` and give `Stages`, so the core has no hooks sprinkled in it.
 */
import type { ContractOperation, Json } from '../../contract/index.js';
import type { Tier } from '../options.js';
import type { EdgeExample } from '../world/edge-answers.js';
import type { MockRequest, MockResponse } from './response.js';

/** A request routed to an operation of the contract. */
export interface ApiCall {
  req: MockRequest;
  op: ContractOperation;
  /** Path parameters by name, percent-decoded. */
  pathParams: Record<string, string>;
  /** The query string as sent (no `?`). */
  rawQuery: string;
  /** The request path, for `instance` of a problem. */
  path: string;
}

/** A call whose key is known: its tier (§5) and whether that tier is paid. */
export interface AuthenticatedCall extends ApiCall {
  tier: Tier;
  paid: boolean;
  /** Query parameters by name (null prototype), every value kept. */
  query: Record<string, string[]>;
  /** The example asked for (`Prefer: example=<name>` or `__example=<name>`), as sent; `validate` checks it. */
  example?: string;
}

/** A call whose parameters passed the contract: typed values, and whether identifiers may be shown (A2 rule 3). */
export interface ValidCall extends AuthenticatedCall {
  values: Record<string, Json>;
  entitled: boolean;
  /** The edge answer asked for, once `validate` has checked its name. */
  edge?: EdgeExample;
}

/** What `handle` gives: the 200 envelope as data (serialised by the core), or a problem. */
export type Handled = { json: Record<string, any> } | MockResponse;

/** The stages, in the order the core runs them. */
export interface Stages {
  /** Scenarios: an answer that ends the call before authentication (429, forced errors), or undefined to go on. */
  admit(call: ApiCall): MockResponse | undefined;
  /** The caller's tier, or undefined for a missing or unknown key (the core answers 401). */
  authenticate(call: ApiCall): Tier | undefined;
  /** The premium check (403) and the parameters against the contract (422), or the typed values. */
  validate(call: AuthenticatedCall): MockResponse | { values: Record<string, Json> };
  /** The operation's handler: the envelope (§2.1), or 404 for an unknown product. */
  handle(call: ValidCall): Handled;
  /** The last word on an answer (delay, rewrites). */
  finish(call: ApiCall, res: MockResponse): MockResponse;
}
