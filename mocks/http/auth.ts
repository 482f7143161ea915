/**
 * Credentials (contract `ApiKeyAuth`, §5 decision): the key in `Authorization`, bare or as
 * `Bearer <key>`.
 */
import type { Tier } from '../options.js';

/** The key of an `Authorization` header value, or undefined when there is none. */
export function keyFrom(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const bearer = /^bearer\s+(.+)$/i.exec(value);
  const key = (bearer ? (bearer[1] as string) : value).trim();
  return key.length > 0 ? key : undefined;
}

/** True for the paid tiers (Starter, Pro, Enterprise). */
export const isPaid = (tier: Tier): boolean => tier !== 'Free';
