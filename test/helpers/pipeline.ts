/**
 * Pipelined HTTP/1.1 over one raw TCP socket (issue 29, connections): send many requests at
 * once, then read the answers back in order, parsing Content-Length framing. For the mock's and
 * the proxy's pipelining tests.
 */
import { connect, type Socket } from 'node:net';

/** One answer read off a pipelined connection: its status and the value of one header. */
export interface PipelinedAnswer {
  status: number;
  /** Value of the header the caller asked to see (e.g. `x-echo`), or undefined. */
  tag: string | undefined;
  bodyBytes: number;
}

/** Opens a raw TCP connection to 127.0.0.1:`port` and resolves once it is connected. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Parses as many whole Content-Length-framed answers as `raw` holds (no chunked bodies: the
 * servers under test send Content-Length). `tagHeader` is lower case.
 * @returns the answers and the bytes consumed.
 */
export function parseAnswers(raw: Buffer, tagHeader: string): { answers: PipelinedAnswer[]; used: number } {
  const answers: PipelinedAnswer[] = [];
  let at = 0;
  for (;;) {
    const end = raw.indexOf('\r\n\r\n', at, 'latin1');
    if (end < 0) break;
    const head = raw.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? NaN);
    let length = 0;
    let tag: string | undefined;
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = Number(value);
      if (name === tagHeader && tag === undefined) tag = value;
    }
    const bodyEnd = end + 4 + (status === 304 || status === 204 ? 0 : length);
    if (raw.length < bodyEnd) break;
    answers.push({ status, tag, bodyBytes: bodyEnd - end - 4 });
    at = bodyEnd;
  }
  return { answers, used: at };
}

/**
 * Writes every request at once on a new connection, then reads until `expected` answers came
 * back, the server closed, or `timeoutMs` passed (then resolves with what came).
 */
export async function pipeline(port: number, requests: readonly string[], expected: number, tagHeader: string, timeoutMs = 30_000): Promise<PipelinedAnswer[]> {
  const socket = await openSocket(port);
  return new Promise((resolve) => {
    let buffered = Buffer.alloc(0);
    const answers: PipelinedAnswer[] = [];
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answers);
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', (d: Buffer) => {
      buffered = Buffer.concat([buffered, d]);
      const { answers: got, used } = parseAnswers(buffered, tagHeader);
      answers.push(...got);
      buffered = buffered.subarray(used);
      if (answers.length >= expected) done();
    });
    socket.write(requests.join(''));
  });
}
