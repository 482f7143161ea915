/** Starts a held-out server (test/heldout/*: `node server.mjs --port 0 ...`, prints `listening on URL`). */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Spawns `server` with `--port 0` and `args`, and waits for its `listening on http://127.0.0.1:PORT` line.
 * @param children where the process is kept, for the test's `afterAll` to kill.
 * @throws Error when the server exits before it listens.
 */
export async function startHeldOut(server: string, args: string[], children: ChildProcess[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [server, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`held-out server exited ${code}`)));
  });
  return { url, stop: () => child.kill('SIGKILL') };
}
