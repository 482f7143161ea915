/**
 * The signals that stop `mock` and `proxy` cleanly, defined once for both (docs/threat-model.md,
 * "Network listeners, processes and stores"): the ready file removed, the proxy's reports
 * written, exit 0.
 *
 * - `SIGINT`: Ctrl-C in the terminal.
 * - `SIGTERM`: `kill`, a container or service manager stopping it.
 * - `SIGHUP`: the terminal or SSH session that started it closed (outside attacker, finding 13:
 *   Node's default action ended the process with no clean-up, leaving a ready file that pointed
 *   at a dead port and no proxy report). Node resets an inherited "ignore" of SIGHUP at start,
 *   so `nohup` never kept a Node server alive; now the server at least stops cleanly. To keep one
 *   running after the session ends, start it with `setsid` or a service manager.
 */

import { isMainThread, parentPort } from 'node:worker_threads';

/** Signals that stop `mock` and `proxy` the way SIGTERM does. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const satisfies readonly NodeJS.Signals[];

/** What the main thread sends the mock's serving thread on a stop signal (cli/serving-thread.ts). */
export const STOP_MESSAGE = 'resale-kit:stop';

/** What the serving thread sends the main thread once a stop signal can stop it cleanly. */
export const STOPPABLE_MESSAGE = 'resale-kit:stoppable';

/**
 * Calls `stop` on every stop signal ({@link STOP_SIGNALS}).
 * @param how `once`: each signal calls `stop` the first time only (a second one takes Node's
 *   default action, ending the process at once); `on`: every time (`stop` decides). In the
 *   mock's serving thread, the main thread passes each signal on the first time only.
 */
export function onStopSignals(stop: () => void, how: 'on' | 'once' = 'on'): void {
  if (!isMainThread && parentPort) {
    // The mock's serving thread (cli/serving-thread.ts): signals reach the main thread only, which passes them on once this says it can stop.
    const port = parentPort;
    port.on('message', (message: unknown) => {
      if (message === STOP_MESSAGE) stop();
    });
    port.unref();
    port.postMessage(STOPPABLE_MESSAGE);
    return;
  }
  for (const signal of STOP_SIGNALS) process[how](signal, stop);
}
