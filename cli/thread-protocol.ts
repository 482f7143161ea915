/**
 * The messages between `resale-kit mock`'s main thread and its serving thread
 * (cli/serving-thread.ts), in one place: how the thread is known, what it sends (output, "can
 * stop", "hold the stop signals", "release them") and what the main thread sends (stop). Only the
 * serving thread speaks it: another worker thread (the proxy's judge) is never taken for it.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';

/** What marks the serving thread's `workerData` for {@link isServingThread}. */
export const THREAD_KIND = 'resale-kit:serving-thread';

/** The terminal behind one of the main thread's output streams, when it is one: the thread's help text wraps at its width. */
export interface TerminalSize {
  readonly columns: number;
}

/** What the serving thread's `workerData` holds: its mark, and the terminal sizes of stdout and stderr (undefined: not a terminal). */
export interface ThreadData {
  readonly kind: typeof THREAD_KIND;
  readonly stdout: TerminalSize | undefined;
  readonly stderr: TerminalSize | undefined;
}

/** The serving thread's data, or undefined anywhere else. */
export function threadData(): ThreadData | undefined {
  if (isMainThread) return undefined;
  const data = workerData as Partial<ThreadData> | null | undefined;
  return typeof data === 'object' && data !== null && data.kind === THREAD_KIND ? (data as ThreadData) : undefined;
}

/** What the main thread sends the serving thread on a stop signal. */
export const STOP_MESSAGE = 'resale-kit:stop';

/** What the serving thread sends the main thread once a stop signal can stop it cleanly. */
export const STOPPABLE_MESSAGE = 'resale-kit:stoppable';

/** What the serving thread sends while it must not be stopped (cli/signals.ts `withStopSignalsHeld`), and when that ends. */
export const HOLD_MESSAGE = 'resale-kit:hold';
export const RELEASE_MESSAGE = 'resale-kit:release';

/** What the serving thread sends when it has written a file the main thread removes if it ends the process itself (cli/own-files.ts). */
export const OWN_FILE_MESSAGE = 'resale-kit:own-file';

/** A file the serving thread wrote ({@link OWN_FILE_MESSAGE}): its path and the text it holds. */
export interface OwnFileMessage {
  readonly type: typeof OWN_FILE_MESSAGE;
  readonly path: string;
  readonly text: string;
}

/** Whether a message from the serving thread tells of a file it wrote. */
export const isOwnFile = (m: unknown): m is OwnFileMessage =>
  typeof m === 'object' && m !== null && (m as OwnFileMessage).type === OWN_FILE_MESSAGE && typeof (m as OwnFileMessage).path === 'string' && typeof (m as OwnFileMessage).text === 'string';

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
  return threadData() !== undefined;
}

/** The port to the main thread when this is the serving thread; undefined anywhere else. */
export function servingThreadPort(): MessagePort | undefined {
  return isServingThread() ? (parentPort ?? undefined) : undefined;
}
