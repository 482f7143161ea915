/**
 * Argument parsers shared by the commands (commander `argParser`s): each turns the flag's text
 * into a value, or throws commander's InvalidArgumentError with a message that names the flag,
 * what was given and what is accepted (the CLI then exits 2).
 */
import { InvalidArgumentError } from 'commander';

/** A whole number (digits only). */
export const wholeNumber =
  (name: string) =>
  (text: string): number => {
    if (!/^\d+$/.test(text)) throw new InvalidArgumentError(`${name} must be a whole number, got ${JSON.stringify(text)}`);
    return Number(text);
  };

/** The longest delay a Node.js timer keeps (2^31 - 1 milliseconds, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A duration in milliseconds for a timer: a decimal number from 1 to {@link MAX_TIMER_MS}. A
 * larger value would overflow Node's timer and fire at once (every request a timeout).
 * @throws InvalidArgumentError naming the flag and the allowed range.
 */
export const timerMs =
  (name: string) =>
  (text: string): number => {
    const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 1 && n <= MAX_TIMER_MS)) throw new InvalidArgumentError(`${name} must be a number of milliseconds from 1 to ${MAX_TIMER_MS}, got ${JSON.stringify(text.slice(0, 40))}`);
    return n;
  };

/** A non-negative decimal number (`10`, `0.5`). */
export const decimalNumber =
  (name: string) =>
  (text: string): number => {
    if (!/^\d+(\.\d+)?$/.test(text)) throw new InvalidArgumentError(`${name} must be a number, got ${JSON.stringify(text)}`);
    return Number(text);
  };

/** A parser whose errors (OptionError, UsageError, ...) become commander's. */
export const wrapped =
  <T>(fn: (text: string) => T) =>
  (text: string): T => {
    try {
      return fn(text);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };

/** A repeatable flag: every value parsed, in order. */
export const collected =
  <T>(parse: (text: string) => T) =>
  (text: string, prev: T[] = []): T[] => [...prev, wrapped(parse)(text)];

/**
 * A size in bytes: digits, optionally followed by K, M or G (binary: KiB, MiB, GiB), such as
 * `1048576`, `512K`, `64M`, `2G`.
 */
export const byteSize =
  (name: string) =>
  (text: string): number => {
    const m = /^(\d+)([KMG]i?B?)?$/i.exec(text.trim());
    if (!m) throw new InvalidArgumentError(`${name} must be a size in bytes such as 1048576, 512K, 64M or 2G, got ${JSON.stringify(text)}`);
    const unit = (m[2] ?? '').charAt(0).toUpperCase();
    const factor = unit === 'K' ? 1024 : unit === 'M' ? 1024 ** 2 : unit === 'G' ? 1024 ** 3 : 1;
    const n = Number(m[1]) * factor;
    if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive size, got ${JSON.stringify(text)}`);
    return n;
  };
