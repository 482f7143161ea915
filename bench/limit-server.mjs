// The "bare node:http limit" target: answers each benchmark URL with the identical bytes our
// mock returned for it, status, headers and body (precomputed by bench/targets.ts limitAnswerOf,
// read from a JSON file), and 404 otherwise. Plain JS, no
// framework, nothing computed per request: the practical limit of this runtime here.
// Usage: node bench/limit-server.mjs <answers.json> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const answers = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, a]) => [url, { status: a.status, headers: { ...a.headers, 'content-length': String(Buffer.byteLength(a.body)) }, body: Buffer.from(a.body) }]));
createServer((req, res) => {
  const a = answers.get(req.url ?? '');
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
