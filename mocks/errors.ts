/**
 * Errors the mock throws at start, before it serves (a request never throws: it gets a problem
 * details answer, mocks/http/problems.ts).
 */

/** An option that cannot be used; the message says which and what to do. The CLI exits 2 on it. */
export class OptionError extends Error {
  override name = 'OptionError';
}
