/**
 * The bare node:http proxy (issue 21's speed limit): forwards every request to an upstream with
 * a keep-alive agent and pipes the answer back, no judging, no checks of any kind. The
 * validation proxy's `--judge async` is measured against it (bench/proxy-speed.ts).
 *
 * Usage: node bench/bare-proxy.mjs UPSTREAM_URL PORT
 */
import http from 'node:http';

const [upstream, port] = process.argv.slice(2);
const target = new URL(upstream);
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64, scheduling: 'lifo' });
http
  .createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    delete headers.connection;
    const out = http.request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent }, (up) => {
      const h = { ...up.headers };
      delete h.connection;
      delete h['transfer-encoding'];
      delete h['keep-alive'];
      res.writeHead(up.statusCode ?? 502, h);
      up.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(out);
  })
  .listen(Number(port), '127.0.0.1');
