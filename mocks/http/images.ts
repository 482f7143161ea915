/**
 * Offline product images (issue 6): every image URL the mock writes (`image`, `gallery`,
 * `gallery_360`, `image_url`, `images`) points here, and each answers a deterministic SVG
 * placeholder showing the product's brand, model, colourway and angle, in its colours.
 */
import { escapeMarkup } from '../../contract/index.js';
import { COLORWAYS } from '../world/catalog-data.js';
import { lineOf, nicknameOf } from '../world/identity.js';
import type { World } from '../world/world.js';

const COLORS: [RegExp, string][] = [
  [/university red|varsity red|gym red|fire red|red/i, '#c8102e'],
  [/royal|team royal/i, '#1d4ed8'],
  [/university blue|coast|hyper royal|blue/i, '#7bafd4'],
  [/navy|midnight/i, '#1e2a44'],
  [/black|onyx|carbon|core black/i, '#111111'],
  [/white|sail|cloud|summit|off white/i, '#f5f3ee'],
  [/grey|gray|graphite|smoke|cement|steel|silver|castlerock|rain|phantom|fog/i, '#9a9ea5'],
  [/green|pine|olive|lucky/i, '#2f6b3a'],
  [/purple|concord|court purple/i, '#5b2a86'],
  [/pink|valentine|foam/i, '#f2a7c3'],
  [/mocha|brown|gum|sand|taupe|birch|oatmeal|bone|cream|muslin/i, '#b08a62'],
  [/gold|maize|yellow/i, '#f2c230'],
  [/orange/i, '#f06a21'],
];
const colorOf = (name: string): string => COLORS.find(([re]) => re.test(name))?.[1] ?? '#888888';
const esc = escapeMarkup;

/**
 * The SVG of one image of a product, or undefined when there is no such product.
 * @param market a marketplace path segment (`market_a`); id the product's id (A: UUID, B: integer); name the image name (`0`, `360-07`).
 */
export function productImage(world: World, market: string, id: string, name: string): string | undefined {
  const m = world.marketplaces.get(market);
  const p = !m || (m.profile.ids === 'integer' && !/^\d+$/.test(id)) ? undefined : m.resolve(id);
  if (!m || p === undefined || !/^(\d{1,2}|360-\d{2})$/.test(name)) return undefined;
  const identity = m.identity(p);
  const line = lineOf(identity);
  const colors = (COLORWAYS[identity.colorway]?.colors ?? '').split(/[/-]/);
  const base = colorOf(colors[0] ?? '');
  const accent = colorOf(colors[1] ?? colors[0] ?? '');
  const angle = name.startsWith('360-') ? `360° view, frame ${name.slice(4)}` : name === '0' ? 'side view' : `view ${name}`;
  const tilt = name.startsWith('360-') ? (Number(name.slice(4)) * 10) % 360 : Number(name) * 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${esc(`${line.brand} ${line.primaryTitle} ${nicknameOf(identity)}, ${angle}`)}">
<rect width="800" height="600" fill="#f4f4f6"/>
<g transform="rotate(${(tilt % 30) - 15} 400 300)">
<path d="M120 360 C180 250 300 230 360 250 C420 270 470 300 560 300 C640 300 690 330 700 370 L700 400 L120 400 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M120 400 L700 400 L700 425 C500 440 300 440 120 425 Z" fill="${accent}" stroke="#222" stroke-width="4"/>
<path d="M330 300 C380 290 430 300 470 320" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>
</g>
<text x="400" y="90" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="bold" text-anchor="middle" fill="#111">${esc(line.brand)}</text>
<text x="400" y="135" font-family="Helvetica, Arial, sans-serif" font-size="26" text-anchor="middle" fill="#333">${esc(line.primaryTitle)}</text>
<text x="400" y="500" font-family="Helvetica, Arial, sans-serif" font-size="26" text-anchor="middle" fill="#333">${esc(nicknameOf(identity))}</text>
<text x="400" y="540" font-family="Helvetica, Arial, sans-serif" font-size="18" text-anchor="middle" fill="#777">${esc(colors.join(' / '))} · ${esc(angle)}</text>
</svg>
`;
}
