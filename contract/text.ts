/**
 * Text helpers every layer shares, so each exists once: escaping text for HTML and SVG markup,
 * and writing a host into a URL (IPv6 literals in brackets, RFC 3986 §3.2.2).
 */

/**
 * Text made safe inside HTML or SVG (element content and quoted attribute values): `& < > " '`
 * as numeric character references; control characters, which are never valid there, shown as
 * `\xNN` instead.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A host as it is written in a URL: an IPv6 literal (`::1`) in brackets (`[::1]`), any other host as it is. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
