/**
 * The text of a product a data file defines (`--data`, issue 24), where the file gives a title,
 * a brand or a colourway and leaves the rest to the world. The world draws a defined product's
 * line from its brand, so without this its model, categories, breadcrumbs and description named
 * another shoe: an "Atelier Nord Trail Runner 'Glacier'" was served as a Nike Air Max 1 with the
 * Air Max's history, and a colourway given as Sunrise Orange was described as Gum and Team Royal
 * Blue (newcomer probe 7). Here the defined fields win: the model follows the title when the
 * title does not name the line's model, the colours follow the colourway (or the colour words of
 * the title's nickname), and nothing is said that the given fields contradict.
 */
import { COLORWAYS } from './catalog-data.js';
import type { DefinedMarket, DefinedProduct } from './defined.js';
import type { ModelLine } from './catalog-data.js';

/** What a defined product's own fields say, where it differs from its drawn line. Undefined members: the line's. */
export interface OwnText {
  /** The brand, when it is not the line's (a brand the world does not know). */
  brand?: string;
  /** The model, when the title does not name the line's (`Atelier Nord Trail Runner`). */
  model?: string;
  /** The colours to describe; an empty list: say nothing of colours (the title's nickname names none the kit knows). */
  colors?: string[];
  /** The colourway in marketplace B's form (`Sunrise Orange/Cloud White/Gum`), when known. */
  colorway?: string;
  /** The nickname (`Glacier`, `White Navy`). */
  nickname?: string;
}

/** Every colour word of the catalog's colourways, lower-cased (`sail`, `team royal blue`). */
const COLOUR_WORDS: ReadonlySet<string> = new Set(COLORWAYS.flatMap((c) => c.colors.split(/[/-]/).map((w) => w.trim().toLowerCase())).filter((w) => w !== ''));

/** The quoted nickname at the end of a title (`Nike Air Max 1 'White Navy' (Sample)` → `White Navy`). */
const NICKNAME_AT_END = /\s*['‘’"“”]([^'‘’"“”]+)['‘’"“”]\s*(\([^)]*\))?\s*$/;

/** Colours named by a nickname, when each of its words (or pairs of words) is a colour the catalog knows. */
function coloursOf(nickname: string): string[] | undefined {
  const words = nickname.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const two = `${words[i]} ${words[i + 1] ?? ''}`.trim();
    if (i + 1 < words.length && COLOUR_WORDS.has(two.toLowerCase())) {
      out.push(two);
      i++;
    } else if (COLOUR_WORDS.has((words[i] as string).toLowerCase())) out.push(words[i] as string);
    else return undefined;
  }
  return out.length > 0 ? out : undefined;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * The text a defined product's own fields imply on one marketplace, or undefined when the file
 * gives no title, brand or colourway (the drawn text stands).
 * @param line the line the world drew for the product (its brand's).
 */
export function ownTextOf(product: DefinedProduct, market: DefinedMarket | undefined, line: ModelLine): OwnText | undefined {
  const fields = market?.fields ?? {};
  const brand = text(fields.brand) ?? text(product.brand);
  const title = text(fields.title) ?? text(fields.name) ?? text(product.title);
  const colorway = text(fields.colorway);
  if (brand === undefined && title === undefined && colorway === undefined) return undefined;
  const foreign = brand !== undefined && brand.toLowerCase() !== line.brand.toLowerCase() && brand.toLowerCase() !== line.brandB.toLowerCase();
  const nickname = text(fields.nickname) ?? (title === undefined ? undefined : (NICKNAME_AT_END.exec(title)?.[1]?.trim() ?? title));
  // The line's model is kept when the title names it ("Nike Air Max 1 'White Navy'" of the Air Max 1 line).
  const named = title === undefined || title.toLowerCase().includes(line.primaryTitle.toLowerCase()) || title.toLowerCase().includes(line.model.toLowerCase());
  const model = text(fields.model) ?? (foreign || !named ? (title ?? '').replace(NICKNAME_AT_END, '').trim() || brand : undefined);
  const colors =
    colorway !== undefined
      ? colorway
          .split(/[/-]/)
          .map((c) => c.trim())
          .filter((c) => c !== '')
      : title !== undefined
        ? (coloursOf(nickname ?? '') ?? [])
        : undefined;
  return {
    ...(foreign ? { brand } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(colors !== undefined ? { colors } : {}),
    ...(colorway !== undefined ? { colorway } : colors !== undefined && colors.length > 0 ? { colorway: colors.join('/') } : {}),
    ...(nickname !== undefined ? { nickname } : {}),
  };
}

/** A model without its brand in front (`Atelier Nord Trail Runner` of Atelier Nord → `Trail Runner`), as marketplace A's `secondary_category` names it. */
export function withoutBrand(model: string, brand: string): string {
  return model.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? model.slice(brand.length + 1) : model;
}
