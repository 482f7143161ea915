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
