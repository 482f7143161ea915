/**
 * The one splitter of a Markdown source (the API description, the production note) into the
 * statements the ledger accounts for (issue 28): each table body row, each bullet, each numbered
 * item and each sentence of prose, bullets and numbered items themselves split into sentences.
 * Headings, table header rows and separator rows are structure, not statements.
 *
 * A statement's `text` is an exact substring of the source after {@link normalise} (the list
 * marker dropped; table cells trimmed and joined by ` | `), so a ledger row can quote it verbatim.
 * Pure: no file is read here.
 */

/** What kind of Markdown element a statement came from. */
export type StatementKind = 'row' | 'bullet' | 'item' | 'sentence';

/** One statement of a source text. */
export interface Statement {
  /** Section the statement is in: the heading's number (`2.3`, `4.1`) or, unnumbered, its words in kebab case (`credentials-and-tiers`); `0` before the first `##`. */
  section: string;
  kind: StatementKind;
  /** The statement, whitespace-normalised, verbatim from the source. */
  text: string;
  /** The numbered item's number (`item`), with the rule block it belongs to (`A2` of "Rules for A2"), when there is one. */
  item?: string;
}

/** Whitespace collapsed to single spaces, trimmed: how statements and sources are compared. */
export const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Abbreviations after which a full stop does not end a sentence. */
const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\betc|\bvs)\.$/i;

/**
 * Sentences of one paragraph: split after `.`, `!` or `?` (optionally closed by `)` or `*`)
 * followed by a space and a capital letter, a backtick or a quote; never after `e.g.`/`i.e.`.
 */
export function sentences(paragraph: string): string[] {
  const text = normalise(paragraph);
  if (text === '') return [];
  const parts = text.split(/(?<=[.!?][)*]*)\s+(?=[A-Z`"*(])/);
  const out: string[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last !== undefined && ABBREVIATIONS.test(last)) out[out.length - 1] = `${last} ${p}`;
    else out.push(p);
  }
  return out;
}

const sectionOf = (heading: string): string => {
  const words = heading.replace(/^#+\s*/, '').trim();
  const num = /^(\d+(?:\.\d+)*)\.?\s/.exec(words);
  if (num) return num[1] as string;
  return words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
};

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => normalise(c))
    .filter((c) => c !== '');

/**
 * Every statement of a Markdown text, in order.
 * @param markdown the source text (any size; a line is read once).
 */
export function splitStatements(markdown: string): Statement[] {
  const out: Statement[] = [];
  let section = '0';
  let rules = ''; // the block of "Rules for A2:" numbered items, '' for a bare "Rules:"
  let block: { kind: 'bullet' | 'item' | 'sentence'; lines: string[]; item?: string } | undefined;
  let tableRow = 0;
  const flush = (): void => {
    if (!block) return;
    const text = block.lines.join(' ');
    for (const s of sentences(text)) out.push({ section, kind: block.kind, text: s, ...(block.item !== undefined ? { item: block.item } : {}) });
    block = undefined;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (/^#{1,6}\s/.test(line)) {
      flush();
      const level = /^#+/.exec(line)?.[0].length ?? 1;
      if (level >= 2) section = sectionOf(line);
      rules = '';
      tableRow = 0;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      tableRow++;
      if (tableRow === 1 || /^\s*\|[\s|:-]+\|?\s*$/.test(line)) continue; // header, separator
      const text = cells(line).join(' | ');
      if (text !== '') out.push({ section, kind: 'row', text });
      continue;
    }
    tableRow = 0;
    if (line.trim() === '') {
      flush();
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*(\d+)\.\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      block = { kind: 'bullet', lines: [bullet[1] as string] };
    } else if (numbered) {
      flush();
      block = { kind: 'item', lines: [numbered[2] as string], item: `${rules ? `${rules}-` : ''}rule-${numbered[1]}` };
    } else if (block && /^\s+\S/.test(line) && block.kind !== 'sentence') {
      block.lines.push(line); // continuation of a bullet or item
    } else if (block && block.kind === 'sentence') {
      block.lines.push(line);
    } else {
      flush();
      block = { kind: 'sentence', lines: [line] };
      const r = /^Rules(?: for ([A-Z]\d(?:\s*,\s*[A-Z]\d)*))?\b/.exec(line);
      if (r) rules = r[1] ?? '';
    }
  }
  flush();
  return out;
}
