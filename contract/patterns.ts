/**
 * `pattern`s (and `patternProperties` names) of a contract run as JavaScript regular expressions,
 * which backtrack: a proposed contract with `^(\S|\s|.)+!$` made `compat` hang on one recorded
 * value (attacker 8, H3). A contract that is not this kit's own is data, so the one Ajv set-up
 * refuses the patterns that can backtrack exponentially: a repeated group (`*`, `+`, `{n,}`,
 * `{n,m}` with m > 1) that holds an alternation or a quantifier (`(a|b)+`, `(a+)*`, `(\.\d+)*`),
 * and backreferences (`\1`, `\k<name>`). The kit's contract uses neither (its groups repeat at
 * most once: `(\.\d+)?`). What is left is polynomial at worst, in values bounded by the readers.
 */

/** Why a pattern can backtrack exponentially; undefined when it cannot. */
export function unsafePattern(pattern: string): string | undefined {
  const frames: { risky: boolean }[] = [{ risky: false }];
  let lastRisky = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    const frame = frames[frames.length - 1] as { risky: boolean };
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'a backreference';
      i++;
      lastRisky = false;
    } else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      lastRisky = false;
    } else if (c === '(') {
      frames.push({ risky: false });
      if (pattern[i + 1] === '?') {
        const m = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i + 1));
        if (m) i += m[0].length;
      }
      lastRisky = false;
    } else if (c === ')') {
      const closed = frames.length > 1 ? (frames.pop() as { risky: boolean }) : { risky: false };
      lastRisky = closed.risky;
      if (closed.risky) (frames[frames.length - 1] as { risky: boolean }).risky = true;
    } else if (c === '|') {
      frame.risky = true;
      lastRisky = false;
    } else if (c === '*' || c === '+' || c === '?' || (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)))) {
      let repeats = c !== '?';
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i)) as RegExpExecArray;
        repeats = m[2] !== undefined && (m[3] === '' || Number(m[3]) > 1);
        i += m[0].length - 1;
      }
      if (pattern[i + 1] === '?') i++;
      if (repeats && lastRisky) return 'a repeated group that holds an alternation or a quantifier';
      if (repeats) frame.risky = true;
      lastRisky = false;
    } else lastRisky = false;
  }
  return undefined;
}

/** A pattern compiled only when it cannot backtrack exponentially ({@link unsafePattern}); Ajv's `code.regExp` (`code` names it in generated code). */
export const checkedRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => {
    const why = unsafePattern(pattern);
    if (why !== undefined) throw new Error(`the pattern ${JSON.stringify(pattern.slice(0, 80))} has ${why}, which can take exponential time on one value: refused (rewrite it without nested repetition)`);
    return new RegExp(pattern, flags);
  },
  { code: 'checkedRegExp' },
);
