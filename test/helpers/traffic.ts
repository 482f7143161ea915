/**
 * Loopback servers for the validation proxy's tests (issue 21): an upstream that records what
 * reached it and answers a small JSON body, an "other host" that must receive nothing, and a raw
 * TCP upstream that answers whatever bytes a test gives it.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { startProxy, type ProxyOptions, type RunningProxy } from '../../traffic/index.js';

/** What a recording server saw: one entry per request (method, raw target, headers, body). */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A node:http server on 127.0.0.1 that records every request and answers `answer` (default a 200 JSON body). */
export async function recordingServer(answer?: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<{ url: string; port: number; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += String(d)));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (answer) answer(req, res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  // Whatever a client sends, this server counts it (also what node's parser refuses).
  server.on('clientError', (_e, socket) => {
    seen.push({ method: '?', url: '?', headers: {}, body: '' });
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A TCP server on 127.0.0.1 whose every connection gets `onRequest(firstBytes, socket)`; counts connections. */
export async function rawServer(onRequest: (head: string, socket: Socket) => void): Promise<{ url: string; port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (d) => {
      const before = head.length;
      head += d.toString('latin1');
      // One answer per request head seen.
      let at = head.indexOf('\r\n\r\n', Math.max(0, before - 3));
      while (at >= 0) {
        onRequest(head.slice(0, at), socket);
        head = head.slice(at + 4);
        at = head.indexOf('\r\n\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Starts a proxy collecting its lines; the caller closes it. */
export async function lineProxy(o: ProxyOptions): Promise<RunningProxy & { lines: string[]; port: number }> {
  const lines: string[] = [];
  const p = await startProxy({ ...o, onLine: (l) => lines.push(l) });
  return Object.assign(p, { lines, port: Number(new URL(p.url).port) });
}
