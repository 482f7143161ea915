/**
 * Every `curl` command of the README's mock section, run as written against a mock on the
 * README's defaults (seed `resale-kit`, 10,000 products; ids and slugs do not depend on the
 * clock), with only the origin changed to the test's port: each must answer 200.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../mocks/index.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const block = /```sh\nK='Authorization: Bearer demo-premium'\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const commands = block.split('\n').filter((l) => l.startsWith('curl '));

let server: Server;
let origin = '';
beforeAll(async () => {
  const listening = await createMockServer({ port: 0 }).listen();
  server = listening.server;
  origin = listening.url;
}, 60_000);
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('README curl commands', () => {
  it('the README shows them', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
  });

  // Asynchronous: the mock answers from this same process.
  it.each(commands.map((c) => [c]))('%s', async (command) => {
    const line = command.replace(/http:\/\/127\.0\.0\.1:4010/g, origin);
    const { stdout } = await promisify(execFile)('/bin/sh', ['-c', `K='Authorization: Bearer demo-premium'; ${line} -s -o /dev/null -w '%{http_code}'`], { encoding: 'utf8' });
    expect(stdout).toBe('200');
  });
});
