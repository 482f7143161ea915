/**
 * What the mock needs from a recording to replay it (`--replay FILE.har`), as a Node-free type:
 * the options of the mock (mocks/options.ts) reach browser entries (`resale-kit/msw`), so they
 * name this shape, not the HAR loader of resale-kit/conformance (which reads files and uses
 * `Buffer`). `loadHar` of resale-kit/conformance returns a value of this shape.
 */

/** A recorded answer: its status and headers (HAR 1.2 `entry.response`). */
export interface RecordedAnswer {
  response: { status: number; headers: { name: string; value: string }[]; content?: { mimeType?: string } };
}

/** A loaded recording the mock serves answers from. */
export interface ReplaySource {
  /** Where it came from (a file path), for messages. */
  source: string;
  /**
   * The entry recorded for this request, or undefined.
   * @param target path and query as sent (`/v3/market_b/products?query=dunk`).
   * @param authorization the `Authorization` value the caller sends now.
   */
  find(method: string, target: string, authorization: string | undefined): RecordedAnswer | undefined;
  /** The body of an entry found by {@link ReplaySource.find}, as bytes. */
  bodyOf(entry: RecordedAnswer): Uint8Array;
}
