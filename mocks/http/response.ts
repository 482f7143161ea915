/** The transport-free request and response of the mock core (no HTTP objects in them). */

import type { LimitDecision } from './rate-limit.js';

/** The request headers the core reads (lower-case names); transports pass these and no others. */
export const READ_HEADERS: readonly string[] = ['authorization', 'prefer', 'origin', 'access-control-request-method', 'access-control-request-headers', 'if-none-match'];

/** A request as the core sees it. */
export interface MockRequest {
  /** HTTP method, any case. */
  method: string;
  /** Request target as sent: path and query, such as `/v3/market_a/products?query=dunk`. */
  url: string;
  /** Header values by lower-case name. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * A rate-limit decision the transport already made (the node:cluster primary holds the one
   * limiter of a multi-process server); absent, the core's own limiter decides.
   */
  limit?: LimitDecision;
}

/** A response as the core makes it: status, headers by lower-case name, and the body text. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** `body` as UTF-8 bytes, when the core already has them (cached answers). */
  bytes?: Uint8Array;
  /** Milliseconds to wait before answering (`Prefer: delay`, `--latency`); transports honour it. */
  delayMs?: number;
}
