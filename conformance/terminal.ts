/**
 * Text from a server is data: before it reaches a terminal, every control character is shown
 * as an escape instead of acting. C0 (U+0000–U+001F, newline and tab included: a server must
 * not be able to start a line of its own), DEL (U+007F), C1 (U+0080–U+009F, including the
 * one-byte CSI U+009B) and the Unicode bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) become `\xNN` or `\u{NNNN}`.
 */

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

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
