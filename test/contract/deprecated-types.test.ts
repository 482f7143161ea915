/**
 * Generated types carry `@deprecated` (issue 32 item 3): the project's one generator
 * (`renderTypes` of scripts/generated-header.mjs, what `npm run generate` writes to
 * generated/api.ts) run on a copy of openapi.yaml whose operation, parameter and schema property
 * are marked `deprecated: true` puts `@deprecated` in the JSDoc of exactly those declarations;
 * the contract as it is marks nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { renderTypes } from '../../scripts/generated-header.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const render = renderTypes as (contract?: string) => string;

/** The JSDoc block right above the first line matching `declaration` ('' when the line has none). */
function docAbove(text: string, declaration: RegExp, from = 0): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l, i) => i >= from && declaration.test(l));
  expect(at, `no declaration ${declaration}`).toBeGreaterThan(0);
  if (!/\*\/\s*$/.test(lines[at - 1] ?? '')) return '';
  let start = at - 1;
  while (start > 0 && !/^\s*\/\*\*/.test(lines[start] ?? '')) start--;
  return lines.slice(start, at).join('\n');
}
/** The line index where a block of the generated file starts (`export interface components {`, ...). */
const lineOf = (text: string, re: RegExp): number => text.split('\n').findIndex((l) => re.test(l));

let marked: string;
let plain: string;
beforeAll(() => {
  const doc = parse(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'));
  doc.paths['/v3/market_b/products/{id_or_slug}/sales/daily'].get.deprecated = true;
  doc.components.parameters.SearchLimit.deprecated = true;
  doc.components.schemas.MarketAProduct.properties.rank.deprecated = true;
  const path = join(mkdtempSync(join(tmpdir(), 'deprecated-types-')), 'deprecated.yaml');
  writeFileSync(path, stringify(doc));
  marked = render(path);
  plain = render();
}, 120_000);

describe('generated types of a contract with deprecated parts', () => {
  it('the operation: its path item method', () => {
    expect(docAbove(marked, /^\s*get: operations\["listMarketBProductDailySales"\];/)).toMatch(/@deprecated/);
    expect(docAbove(marked, /^\s*get: operations\["listMarketBProductSales"\];/)).not.toMatch(/@deprecated/);
  });

  it('the parameter: the component and its use in each operation', () => {
    expect(docAbove(marked, /^\s*SearchLimit: number;/)).toMatch(/@deprecated/);
    expect(docAbove(marked, /^\s*limit\?: components\["parameters"\]\["SearchLimit"\];/)).toMatch(/@deprecated/);
    expect(docAbove(marked, /^\s*SalesLimit: number;/)).not.toMatch(/@deprecated/);
  });

  it('the schema property', () => {
    const product = lineOf(marked, /^\s*MarketAProduct: \{/);
    expect(docAbove(marked, /^\s*rank: number;/, product)).toMatch(/@deprecated/);
    expect(docAbove(marked, /^\s*weekly_orders: number;/, product)).not.toMatch(/@deprecated/);
  });

  it('the contract as it is: nothing deprecated, and the generated file is what npm run generate wrote', () => {
    expect(plain).not.toMatch(/@deprecated/);
    expect((marked.match(/@deprecated/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(readFileSync(join(ROOT, 'generated/api.ts'), 'utf8')).toBe(plain);
  });
});
