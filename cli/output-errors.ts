/**
 * What the CLI does when writing its own output fails (attacker 8, M4), defined once for the
 * command line (cli/main.ts) and the thread that relays the mock's serving thread
 * (cli/serving-thread.ts): a reader that stops early (`| head -1`, EPIPE) is not an error, exit 0;
 * any other failure (ENOSPC: `> /dev/full`, EIO) is exit 2 with one line on stderr, never the 1
 * that means "breaking" or "FAIL", and never a stack trace.
 */
export function exitOnOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      if (stream === process.stdout) {
        try {
          process.stderr.write(`error: cannot write the output (${String(err.code ?? 'error').replace(/[^A-Z0-9_]/gi, '')})\n`);
        } catch {
          // stderr fails too: the exit code says it.
        }
      }
      process.exit(2);
    });
  }
}
