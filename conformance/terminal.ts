/**
 * Text from a server is data: before it reaches a terminal, every control character is shown
 * as an escape instead of acting. C0 (U+0000–U+001F, newline and tab included: a server must
 * not be able to start a line of its own), DEL (U+007F), C1 (U+0080–U+009F, including the
 * one-byte CSI U+009B), the Unicode bidirectional controls (marks U+200E, U+200F, U+061C;
 * overrides and isolates U+202A–U+202E, U+2066–U+2069), the line and paragraph separators
 * (U+2028, U+2029), and the invisible characters that make two texts look alike (soft hyphen
 * U+00AD, zero-width U+200B–U+200D, word joiner and invisible operators U+2060–U+2064, byte
 * order mark U+FEFF, Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Mongolian vowel separator
 * U+180E, interlinear annotation U+FFF9–U+FFFB) become `\xNN` or `\u{NNNN}`.
 */

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb]/gu;

/** One line of server-supplied text made safe to print: no control character stays raw. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.codePointAt(0) as number;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Several lines for the terminal: each line made safe, the line breaks kept. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalSafe).join('\n');
}
