/**
 * `resale-kit wait URL [--timeout SECONDS] [--interval MS]`: waits until a server answers, for
 * scripts that start a server in the background (`npm start &`, a container, a staging deploy)
 * and must not call it before it listens. Any HTTP answer counts (a 401 or 404 proves the server
 * listens); a refused or reset connection, a DNS failure or a request that takes longer than the
 * interval does not. Works against any server, not only the mock. Exit codes (a public interface):
 * 0 answered, 1 no answer within the timeout, 2 usage (a URL that is not http or https).
 * The URL is printed only through `printableUrl` (contract/text.ts), on success, on timeout and in
 * usage errors: without its userinfo (`http://user:secret@host` shows as `http://host`) and with
 * the values of secret query parameters replaced (`?token=[redacted]`); threat model class S.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Command, InvalidArgumentError, Option } from 'commander';
import { terminalSafe } from '../conformance/index.js';
import { printableUrl } from '../contract/index.js';
import { decimalNumber, timerMs } from './args.js';

/** Exit codes of `resale-kit wait`. */
export const WAIT_EXIT = { answered: 0, timeout: 1, usage: 2 } as const;

/**
 * A URL as printed: through `printableUrl` (userinfo removed, secret query values replaced by
 * `[redacted]`), terminal-safe. Accepts a URL or text that may not parse (a usage error).
 */
export function shownUrl(url: URL | string): string {
  return terminalSafe(printableUrl(typeof url === 'string' ? url : url.href));
}

/**
 * One GET of `url`: resolves with the HTTP status of any answer, or undefined when there is none
 * within `timeoutMs` milliseconds (refused, reset, DNS failure, TLS failure, too slow).
 */
export function probe(url: URL, timeoutMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let done = false;
    const finish = (status: number | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(status);
    };
    const req = send(url, { method: 'GET', headers: { accept: '*/*', 'user-agent': 'resale-kit-wait' } }, (res) => {
      res.resume();
      finish(res.statusCode);
    });
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    req.on('error', () => finish(undefined));
    req.end();
  });
}

/**
 * Polls `url` until it answers or `timeoutMs` (milliseconds) has passed.
 * @returns the status of the first answer and how long the wait took (ms), or undefined status on timeout.
 */
export async function waitFor(url: URL, timeoutMs: number, intervalMs: number, now: () => number = Date.now): Promise<{ status: number | undefined; waitedMs: number }> {
  const start = now();
  for (;;) {
    const left = timeoutMs - (now() - start);
    if (left <= 0) return { status: undefined, waitedMs: now() - start };
    const status = await probe(url, Math.max(1, Math.min(intervalMs, left)));
    if (status !== undefined) return { status, waitedMs: now() - start };
    const pause = Math.min(intervalMs, timeoutMs - (now() - start));
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
  }
}

const httpUrl = (text: string): URL => {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InvalidArgumentError(`URL must be an absolute http(s) URL such as http://127.0.0.1:4010/, got ${JSON.stringify(shownUrl(text.slice(0, 200)))}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new InvalidArgumentError(`URL must use http or https, got ${JSON.stringify(u.protocol)}`);
  return u;
};

/** Builds the `wait` command. */
export function waitCommand(): Command {
  return new Command('wait')
    .description('Wait until a server answers any HTTP status at URL (for scripts that start one in the background). Exit 0 answered, 1 timed out, 2 usage.')
    .argument('<url>', 'the URL to GET, such as http://127.0.0.1:4010/', httpUrl)
    .addOption(new Option('-t, --timeout <seconds>', 'give up after this many seconds').default(60).argParser(decimalNumber('--timeout')))
    .addOption(new Option('--interval <ms>', 'milliseconds between tries, and the longest a try may take').default(250).argParser(timerMs('--interval')))
    .addOption(new Option('-q, --quiet', 'print nothing; the exit code tells'))
    .action(async (url: URL, flags: { timeout: number; interval: number; quiet?: boolean }) => {
      const { status, waitedMs } = await waitFor(url, flags.timeout * 1000, Math.max(10, flags.interval));
      if (status === undefined) {
        if (!flags.quiet) process.stderr.write(`error: ${shownUrl(url)} did not answer within ${flags.timeout} s; is the server started, and on that port?\n`);
        process.exitCode = WAIT_EXIT.timeout;
        return;
      }
      if (!flags.quiet) process.stdout.write(`${shownUrl(url)} answered ${status} after ${Math.round(waitedMs)} ms\n`);
      process.exitCode = WAIT_EXIT.answered;
    });
}
