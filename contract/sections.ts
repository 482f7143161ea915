/**
 * The `§` citations the kit shows, resolved to something shipped: each section of the API
 * description has a heading in docs/contract.md (generated from openapi.yaml's `x-section` by
 * scripts/contract-reference.mjs, shipped in the package's `docs/`), and a link to that heading
 * in the repository at this version (`generated/sections.ts`, from package.json). The HTML report
 * links every `§` it shows through {@link citationSegments}. No Node API (browser-safe).
 */
import { CONTRACT_REFERENCE_URL, DESCRIPTION_SECTIONS, type DescriptionSection } from '../generated/sections.js';

export { CONTRACT_REFERENCE_URL, DESCRIPTION_SECTIONS };
export type { DescriptionSection };

/** A section of the API description with the URL of its heading in docs/contract.md (`…/docs/contract.md#s4-1`). */
export interface SectionLink extends DescriptionSection {
  /** The heading's URL: {@link CONTRACT_REFERENCE_URL} `#` anchor. */
  readonly url: string;
}

const BY_NUMBER = new Map(DESCRIPTION_SECTIONS.map((s) => [s.number, s]));

/**
 * The section a number cites, as the description has it: `4.1` is §4.1; a subsection the
 * description does not have (`2.11`) falls back to its top level (§2); a number it does not have
 * at all (`12`) is undefined.
 */
export function sectionLink(number: string): SectionLink | undefined {
  const section = BY_NUMBER.get(number) ?? BY_NUMBER.get(number.split('.')[0] ?? number);
  return section ? { ...section, url: `${CONTRACT_REFERENCE_URL}#${section.anchor}` } : undefined;
}

/** A piece of a text that cites sections: plain text, or one `§N` of the description with its link. */
export interface CitationSegment {
  /** The text as written (`§4.1`, or the text between citations). */
  readonly text: string;
  /** Set when `text` is a `§N` of the API description the kit can link. */
  readonly link?: SectionLink;
}

/** An RFC and the sections cited after it (`RFC 9110 §15.5.6`, `RFC 8259 §§4, 6, 8.1`), up to the next `:`, `;` or `)`: not the description's. */
const RFC_SPAN = /RFC \d+[^:;)]*/g;
const SECTION = /§(\d+(?:\.\d+)?)/g;

/**
 * Splits a text that cites sections (a check's requirement, `§4.1 A2 rule 3, §2.3: …`) into
 * plain pieces and `§N` pieces of the API description, each with its link. Sections of an RFC
 * (`RFC 9110 §15.5.6`) and numbers the description does not have stay plain text. Concatenating
 * the pieces' `text` gives the input back. Any text is accepted (linear in its length).
 */
export function citationSegments(text: string): CitationSegment[] {
  const out: CitationSegment[] = [];
  const plainOrCited = (part: string): void => {
    let at = 0;
    for (const m of part.matchAll(SECTION)) {
      const link = sectionLink(m[1] ?? '');
      if (!link) continue;
      if (m.index > at) out.push({ text: part.slice(at, m.index) });
      out.push({ text: m[0], link });
      at = m.index + m[0].length;
    }
    if (at < part.length) out.push({ text: part.slice(at) });
  };
  let at = 0;
  for (const m of text.matchAll(RFC_SPAN)) {
    plainOrCited(text.slice(at, m.index));
    out.push({ text: m[0] });
    at = m.index + m[0].length;
  }
  plainOrCited(text.slice(at));
  return out.filter((s) => s.text !== '');
}
