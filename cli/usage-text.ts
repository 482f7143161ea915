/**
 * How a usage error reaches the terminal (docs/threat-model.md, classes S "secrets in output" and
 * T "terminal control"). Commander quotes what it refused: an unknown option whole
 * (`--api-keys=sk_live_...`, `--headr=Authorization: Bearer ...`), an unknown command, an
 * argument a parser refused (`argument 'KEY=Gold' is invalid`, `value 'KEY' from env 'VAR' is
 * invalid`). Any of them may be a key, a header value or a URL with a password, and any may hold
 * ESC, C1 or bidi controls. {@link usageErrorText} keeps only the name of an unknown option (the
 * part before `=`), leaves refused arguments out (each parser's own message says what is wrong),
 * shortens every quoted value to {@link MAX_QUOTED} characters, removes URL userinfo and escapes
 * every control character with the one terminal escape ({@link terminalSafe}).
 */
import { withoutUserinfo } from '../contract/index.js';
import { terminalLines, terminalSafe } from '../conformance/terminal.js';

/** The most characters of a value a usage error quotes; the rest becomes `…`. */
export const MAX_QUOTED = 200;

/** A value for a message: its first {@link MAX_QUOTED} characters (then `…`), as a JSON string. */
export const quoted = (text: string): string => JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);

/** Every JSON string literal longer than {@link MAX_QUOTED} characters cut to that many (then `…`). */
const capQuotes = (text: string): string => text.replace(/"((?:[^"\\\n]|\\.){200})(?:[^"\\\n]|\\.)+"/g, '"$1…"');

/** The name of an unknown option as typed: `--name` without `=VALUE`, `-k` without what is glued to it. */
const optionName = (flag: string): string => (flag.startsWith('--') ? (flag.split('=')[0] as string) : flag.slice(0, 2));

/** A name as shown: cut to {@link MAX_QUOTED} characters and escaped (line breaks too). */
const shownName = (name: string): string => terminalSafe(name.length > MAX_QUOTED ? `${name.slice(0, MAX_QUOTED)}…` : name);

/** A commander error message as printed (see the module's description). */
export function usageErrorText(text: string): string {
  const unknown = /^error: unknown (option|command) '([\s\S]*)'((?: \(Did you mean [^)\n]*\))?\n?)$/.exec(text);
  if (unknown) {
    const [, what, name, rest] = unknown as unknown as [string, string, string, string];
    return `error: unknown ${what} '${shownName(what === 'option' ? optionName(name) : name)}'${terminalLines(rest)}`;
  }
  const withoutArgument = text.replace(/ argument '(?:[^']|'(?! is invalid))*' is invalid/g, ' argument is invalid').replace(/ value '(?:[^']|'(?! is invalid| from env '))*'( from env '[^']*')? is invalid/g, ' value$1 is invalid');
  return terminalLines(withoutUserinfo(capQuotes(withoutArgument)));
}

/**
 * Lines of a console report for the terminal: each line escaped whole ({@link terminalSafe}), so a
 * line break inside a contract's path key, operationId or message cannot start a line of its own
 * (attacker 8: a forged `COMPATIBLE:` or summary line).
 */
export const consoleText = (lines: readonly string[]): string => `${lines.map(terminalSafe).join('\n')}\n`;
