/**
 * `resale-kit compat` (issue 32 item 2): the shapes of a consumer-compatibility report, a recording
 * of real consumers (HAR 1.2 of any writer the kit reads) judged against a proposed contract NEW.
 * §9 of the API description puts the version in the path and leaves the change policy open: a
 * change breaks a consumer when a request it really sent, or a member it really received, no
 * longer holds under NEW.
 */

/**
 * Which side must act on a finding:
 * - `consumer`: the recorded consumer breaks under NEW (the command exits 1);
 * - `server`: a recorded answer NEW would refuse from the server (the server must change; exit code unaffected);
 * - `deprecation`: a recorded use of a part NEW marks `deprecated: true` (information).
 */
export type CompatSide = 'consumer' | 'server' | 'deprecation';

/**
 * What a finding is, a stable key:
 * - `operation-gone` (consumer): NEW has no operation for the recorded method and path;
 * - `parameter-required` (consumer): NEW requires a parameter the recorded request did not send;
 * - `parameter-refused` (consumer): NEW's parameter schema refuses a value the recorded request sent;
 * - `parameter-removed` (consumer): the recorded request sent a query parameter the kit's own contract declares for the operation and NEW no longer does (a server following NEW ignores it: production ignores unknown parameters);
 * - `member-not-promised` (consumer): a member the consumer received that NEW's response schema does not describe;
 * - `member-type-changed` (consumer): a member the consumer received whose JSON type NEW's schema no longer allows;
 * - `answer-refused` (server): any other rule of NEW's response schema the recorded answer breaks (a new required member, a narrowed enum, ...);
 * - `status-undocumented` (server): NEW documents no response for the recorded status of the operation;
 * - `deprecated-operation`, `deprecated-parameter`, `deprecated-member` (deprecation): recorded uses of deprecated parts.
 */
export type CompatKind =
  | 'operation-gone'
  | 'parameter-required'
  | 'parameter-refused'
  | 'parameter-removed'
  | 'member-not-promised'
  | 'member-type-changed'
  | 'answer-refused'
  | 'status-undocumented'
  | 'deprecated-operation'
  | 'deprecated-parameter'
  | 'deprecated-member';

/** One recorded exchange that shows a finding (the first one met). */
export interface CompatExample {
  /** Position of the entry in the recording's `log.entries` (0-based). */
  entry: number;
  /** Upper-case method as recorded. */
  method: string;
  /** The recorded URL through `printableUrl` (no userinfo, no secret query value). */
  url: string;
  /** The recorded status (0 when the recording holds no answer). */
  status: number;
}

/** One finding, aggregated over every recorded exchange that shows it. */
export interface CompatFinding {
  side: CompatSide;
  kind: CompatKind;
  /** NEW's `operationId`; for `operation-gone`, the kit's own contract's `operationId` when the URL matches one, else `METHOD /path`. */
  operation: string;
  /**
   * Where: `query.limit` / `path.id_or_slug` / `header.x-name` for a parameter, a JSON Pointer
   * template into the response body for a member (`/data/*\/asks`, array items as `*`), the path
   * template for an operation. Member names come from the recording: data, escaped by RFC 6901.
   */
  where: string;
  /** One line for people (no recorded parameter value is quoted: it may be a secret). */
  message: string;
  /** How many recorded exchanges show it. */
  count: number;
  example: CompatExample;
  /** `x-sunset` of the deprecated part (RFC 3339 date, UTC), when NEW gives one. */
  sunset?: string;
  /** `x-successor` of a deprecated operation, when NEW gives one. */
  successor?: string;
}

/** Recorded entries that were not judged, counted by reason. */
export interface CompatNotJudged {
  /** The URL has no `/v3/` path: a page, a script, an image, another API. */
  notApi: number;
  /** OPTIONS and HEAD. */
  otherMethod: number;
  /** Status 0: the recording holds no answer. */
  noAnswer: number;
  /** The request was answered with an error (4xx, 5xx) or a redirect: it never worked for the consumer, its request is not judged (its answer is). */
  requestRefused: number;
  /** The answer's body is not JSON, was not captured, or would inflate past the kit's bounds: its members are not judged. */
  bodyNotJudged: number;
  /** Entries the HAR reader skipped (malformed), with its messages in {@link CompatReport.notes}. */
  skipped: number;
}

/** The whole report of `resale-kit compat`. */
export interface CompatReport {
  /** The contract file (NEW) and the recording, as given. */
  contract: string;
  recording: string;
  /** Recorded entries read, and the exchanges of the API among them (judged). */
  entries: number;
  exchanges: number;
  notJudged: CompatNotJudged;
  /** Consumer breaks first, then server changes, then deprecated uses; each by operation and where. */
  findings: CompatFinding[];
  /** Distinct findings per side (exit 1 when `consumer` > 0). */
  summary: { consumer: number; server: number; deprecation: number };
  /** The reader's messages for skipped entries (the first 10), and a note when findings were cut at their cap. */
  notes: string[];
}
