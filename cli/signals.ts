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

/** Signals that stop `mock` and `proxy` the way SIGTERM does. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const satisfies readonly NodeJS.Signals[];

/**
 * Calls `stop` on every stop signal ({@link STOP_SIGNALS}).
 * @param how `once`: each signal calls `stop` the first time only (a second one takes Node's
 *   default action, ending the process at once); `on`: every time (`stop` decides).
 */
export function onStopSignals(stop: () => void, how: 'on' | 'once' = 'on'): void {
  for (const signal of STOP_SIGNALS) process[how](signal, stop);
}
