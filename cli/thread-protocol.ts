/**
 * The messages between `resale-kit mock`'s main thread and its serving thread
 * (cli/serving-thread.ts), in one place: how the thread is known, what it sends (output, "can
 * stop", "hold the stop signals", "release them") and what the main thread sends (stop). Only the
 * serving thread speaks it: another worker thread (the proxy's judge) is never taken for it.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';

/** What the serving thread's `workerData` holds: it marks the thread for {@link isServingThread}. */
export const THREAD_DATA = 'resale-kit:serving-thread';

/** What the main thread sends the serving thread on a stop signal. */
export const STOP_MESSAGE = 'resale-kit:stop';

/** What the serving thread sends the main thread once a stop signal can stop it cleanly. */
export const STOPPABLE_MESSAGE = 'resale-kit:stoppable';

/** What the serving thread sends while it must not be stopped (cli/signals.ts `withStopSignalsHeld`), and when that ends. */
export const HOLD_MESSAGE = 'resale-kit:hold';
export const RELEASE_MESSAGE = 'resale-kit:release';

/** One write of the serving thread, relayed by the main thread: 1 for stdout, 2 for stderr. */
export interface OutputMessage {
  readonly type: 'resale-kit:output';
  readonly fd: 1 | 2;
  readonly chunk: string | Uint8Array;
}

/** Whether a message from the serving thread is one of its writes. */
export const isOutput = (m: unknown): m is OutputMessage => typeof m === 'object' && m !== null && (m as OutputMessage).type === 'resale-kit:output';

/** Whether this code runs in the mock's serving thread (started by cli/serving-thread.ts `serveFromThread`). */
export function isServingThread(): boolean {
  return !isMainThread && workerData === THREAD_DATA;
}

/** The port to the main thread when this is the serving thread; undefined anywhere else. */
export function servingThreadPort(): MessagePort | undefined {
  return isServingThread() ? (parentPort ?? undefined) : undefined;
}
