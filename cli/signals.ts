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

import { HOLD_MESSAGE, RELEASE_MESSAGE, servingThreadPort, STOP_MESSAGE, STOPPABLE_MESSAGE } from './thread-protocol.js';

/** Signals that stop `mock` and `proxy` the way SIGTERM does. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const satisfies readonly NodeJS.Signals[];

/**
 * Runs `work` (synchronous) with the stop signals held: one that arrives meanwhile is acted on
 * once `work` has ended, so a file being written is whole: with node's default action (the
 * process was not yet stoppable), or, on the main thread, where it is raised again within two
 * turns of the event loop, by a stop listener added meanwhile. In the mock's serving thread, the
 * main thread holds them (cli/serving-thread.ts).
 * @returns what `work` returns; rethrows what it throws (after the held signal, if any, is raised).
 */
export function withStopSignalsHeld<T>(work: () => T): T {
  const port = servingThreadPort();
  if (port) {
    port.postMessage(HOLD_MESSAGE);
    try {
      return work();
    } finally {
      port.postMessage(RELEASE_MESSAGE);
    }
  }
  let stopped: NodeJS.Signals | undefined;
  const hold = (signal: NodeJS.Signals): void => {
    // Another listener heard it too (a stop listener added since `work` ended): that one acts on it.
    if (process.listenerCount(signal) === 1) stopped ??= signal;
  };
  for (const signal of STOP_SIGNALS) process.on(signal, hold);
  try {
    return work();
  } finally {
    // A signal that came during `work` reaches a listener only once the event loop has read it:
    // removing `hold` here lost it, and the server went on to listen (attacker 9, finding 1). Two
    // turns of the loop include one poll phase, where node reads it.
    setImmediate(() =>
      setImmediate(() => {
        for (const signal of STOP_SIGNALS) process.off(signal, hold);
        // Raised again: node's default action, or a stop listener added since (the server listens by then) stops it cleanly.
        if (stopped !== undefined) process.kill(process.pid, stopped);
      }),
    );
  }
}

/**
 * Calls `stop` on every stop signal ({@link STOP_SIGNALS}).
 * @param how `once`: each signal calls `stop` the first time only (a second one takes Node's
 *   default action, ending the process at once); `on`: every time (`stop` decides). In the
 *   mock's serving thread, the main thread passes each signal on the first time only.
 */
export function onStopSignals(stop: () => void, how: 'on' | 'once' = 'on'): void {
  const port = servingThreadPort();
  if (port) {
    // The mock's serving thread (cli/serving-thread.ts): signals reach the main thread only, which passes them on once this says it can stop.
    port.on('message', (message: unknown) => {
      if (message === STOP_MESSAGE) stop();
    });
    port.unref();
    port.postMessage(STOPPABLE_MESSAGE);
    return;
  }
  for (const signal of STOP_SIGNALS) process[how](signal, stop);
}
