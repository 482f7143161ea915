/**
 * What the suite needs of a recording to judge it instead of a live server (`conformance
 * --from-har`, the `replay` option): answers found by request and caller. The suite defines the
 * shape; `traffic/` implements it (`loadHar`, traffic/har/replay.ts), so the suite never imports
 * the traffic layer.
 */

/** A recorded answer: its status and header fields (HAR 1.2 `entry.response`). */
export interface RecordedEntry {
  response: { status: number; headers: readonly { name: string; value: string }[] };
}

/** A loaded recording the suite's client answers from. */
export interface Replay {
  /** Where it came from (a file path), for messages. */
  source: string;
  /**
   * The entry recorded for this request and caller, or undefined.
   * @param target path and query as sent (`/v3/market_b/products?query=dunk`).
   * @param authorization the `Authorization` value the caller sends now.
   */
  find(method: string, target: string, authorization: string | undefined): RecordedEntry | undefined;
  /** The recorded body of an entry found by {@link Replay.find}, as bytes. */
  bodyOf(entry: RecordedEntry): Buffer;
}
