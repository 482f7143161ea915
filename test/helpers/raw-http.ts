/**
 * Raw HTTP/1.1 over a TCP socket, for requests no HTTP client would send (malformed request
 * lines, oversized headers, CONNECT, odd methods) and for reading exactly what came back.
 */
import { connect } from 'node:net';

/** A parsed answer: status, headers by lower-case name (first value), body bytes as latin1 text. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent. */
  raw: string;
}

/**
 * Sends `bytes` to 127.0.0.1:`port` and reads until the server closes, the answer is complete
 * (Content-Length reached), or `timeoutMs` passes.
 * @throws Error when nothing parseable came back in time.
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      const parsed = parse(raw);
      if (parsed) resolve(parsed);
      else reject(new Error(`no HTTP answer (got ${JSON.stringify(raw.slice(0, 200))})`));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const sofar = parse(Buffer.concat(chunks).toString('latin1'));
      if (sofar?.complete) finish();
    });
    socket.write(bytes);
  });
}

function parse(raw: string): (RawAnswer & { complete: boolean }) | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    const name = line.slice(0, at).trim().toLowerCase();
    if (at > 0 && !Object.hasOwn(headers, name)) headers[name] = line.slice(at + 1).trim();
  }
  const body = raw.slice(end + 4);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  return { status: Number(m[1]), headers, body, raw, complete: length !== undefined && body.length >= length };
}
