/**
 * The container lines of docs/container.md, as `npm run image:test` (scripts/image-test.mjs) runs
 * them and test/readme.test.ts accounts for them: every command of the page's ```sh blocks
 * (continuations joined, comments dropped), each with what running it means:
 * - `server`: a `podman run`/`docker run` that publishes a port (`-p 4010:4010`): started as
 *   written, in the background; it must answer on `http://127.0.0.1:<port>/`, then it is stopped
 *   with SIGINT (Ctrl-C), as a user stops it, and must exit 0 and leave no container behind;
 * - `run`: any other `podman run`/`docker run`, and plain shell steps (`mkdir -p reports`): run as
 *   written to the end, exit 0; the reports a line names (`--report FORMAT=reports/FILE`) must then
 *   be on the host, in the folder the line mounts, owned by the caller;
 * - `not-run`: a command image:test does not run, with the reason (the build, which image:test
 *   runs first; this script; compose, which pulls images from a registry).
 * A command of any other kind is `unknown`: image:test fails on it, so that a line added to the
 * page is run or named here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page whose lines image:test runs. */
export const CONTAINER_DOC = 'docs/container.md';

/** Commands image:test does not run, each with why. */
export const CONTAINER_NOT_RUN = [
  [/^npm run image$/, 'the build: image:test builds the image first (scripts/image.mjs), the same way'],
  [/^npm run image:test$/, 'this script'],
  [/^docker compose up\b/, 'compose pulls docker.io/library/redis:7, and no registry of images is reachable here; image:test runs the replicas sharing Redis itself (step 6)'],
];

/** The ```sh (or bash, shell) blocks of a Markdown text, each as its command lines (continuations joined, no comments, no blank lines). */
export function shellCommands(text) {
  const blocks = [];
  let open;
  for (const line of text.split('\n')) {
    const fence = /^\s*```(\S*)\s*$/.exec(line);
    if (fence && !open) open = { lang: fence[1] ?? '', lines: [] };
    else if (fence && open) {
      if (['sh', 'bash', 'shell'].includes(open.lang)) blocks.push(open.lines.join('\n'));
      open = undefined;
    } else open?.lines.push(line);
  }
  return blocks.flatMap((body) =>
    body
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'))
      // A trailing comment (`npm run image   # builds ...`) is not part of the command.
      .map((l) => l.replace(/\s+#\s.*$/, '')),
  );
}

/**
 * What image:test does with one command of the page.
 * @returns `{ command, kind, engine?, port?, reports?, rootlessOnly?, why? }`: `kind` one of
 *   `server`, `run`, `not-run`, `unknown`; `engine` `podman` or `docker` for a container line;
 *   `port` the host port a server publishes; `reports` the report files a line writes (paths as
 *   written, relative to the working folder); `rootlessOnly` for `--userns=keep-id` (podman as
 *   root refuses it); `why` the reason a command is not run.
 */
export function classify(command) {
  const skip = CONTAINER_NOT_RUN.find(([re]) => re.test(command));
  if (skip) return { command, kind: 'not-run', why: skip[1] };
  const engine = /^(podman|docker) run\b/.exec(command)?.[1];
  if (engine) {
    const port = /\s-p\s+(\d+):\d+\b/.exec(command)?.[1];
    if (port) return { command, kind: 'server', engine, port: Number(port) };
    const reports = [...command.matchAll(/--report\s+[a-z]+=(\S+)/g)].map((m) => m[1]);
    return { command, kind: 'run', engine, reports, rootlessOnly: /--userns[= ]keep-id\b/.test(command) };
  }
  if (/^mkdir -p [\w./-]+$/.test(command)) return { command, kind: 'run', reports: [] };
  return { command, kind: 'unknown' };
}

/** Every command of docs/container.md, classified ({@link classify}), in page order. */
export function containerLines(root = fileURLToPath(new URL('..', import.meta.url))) {
  return shellCommands(readFileSync(join(root, CONTAINER_DOC), 'utf8')).map(classify);
}
