/**
 * Offline product images (issue 6): every image URL the mock writes (`image`, `gallery`,
 * `gallery_360`, `image_url`, `images`) points here, and each answers a deterministic SVG
 * placeholder showing the product's brand, model, colourway and angle, in its colours.
 */
import { escapeMarkup } from '../../contract/index.js';
import { COLORWAYS, type ImageShape } from '../world/catalog-data.js';
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
  [/sealed/i, '#2a75bb'],
];
const colorOf = (name: string): string => COLORS.find(([re]) => re.test(name))?.[1] ?? '#888888';
const esc = escapeMarkup;

/** The drawing of each kind of product (ModelLine.shape), in a 800×600 frame, from its two colours. */
const SHAPES: Record<ImageShape, (base: string, accent: string) => string> = {
  shoe: (base, accent) =>
    `<path d="M120 360 C180 250 300 230 360 250 C420 270 470 300 560 300 C640 300 690 330 700 370 L700 400 L120 400 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M120 400 L700 400 L700 425 C500 440 300 440 120 425 Z" fill="${accent}" stroke="#222" stroke-width="4"/>
<path d="M330 300 C380 290 430 300 470 320" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>`,
  garment: (base, accent) =>
    `<path d="M300 170 L360 150 C380 185 420 185 440 150 L500 170 L600 250 L560 300 L520 270 L520 460 L280 460 L280 270 L240 300 L200 250 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M360 150 C370 110 430 110 440 150 C420 185 380 185 360 150 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<rect x="335" y="300" width="130" height="40" fill="${accent}" stroke="#222" stroke-width="3"/>
<path d="M320 400 L480 400 L470 440 L330 440 Z" fill="none" stroke="#222" stroke-width="3"/>`,
  bottle: (base, accent) =>
    `<rect x="345" y="140" width="110" height="50" rx="8" fill="${accent}" stroke="#222" stroke-width="4"/>
<path d="M330 190 L470 190 L490 230 L490 460 C490 475 480 480 470 480 L330 480 C320 480 310 475 310 460 L310 230 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<rect x="320" y="300" width="160" height="70" fill="#ffffff" opacity="0.8" stroke="#222" stroke-width="2"/>`,
  figure: (base, accent) =>
    `<circle cx="400" cy="190" r="70" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M370 175 l20 20 m0 -20 l-20 20 M410 175 l20 20 m0 -20 l-20 20" stroke="#222" stroke-width="5"/>
<path d="M340 260 L460 260 L480 400 L420 400 L410 470 L390 470 L380 400 L320 400 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M340 270 L280 350 M460 270 L520 350" stroke="${accent}" stroke-width="26" stroke-linecap="round"/>`,
  box: (base, accent) =>
    `<path d="M250 200 L550 200 L550 450 L250 450 Z" fill="${base}" stroke="#222" stroke-width="4"/>
<path d="M250 200 L300 160 L600 160 L550 200 Z M550 200 L600 160 L600 410 L550 450 Z" fill="${accent}" stroke="#222" stroke-width="4"/>
<circle cx="400" cy="325" r="60" fill="#ffffff" stroke="#222" stroke-width="4"/><path d="M340 325 L460 325" stroke="#222" stroke-width="6"/>`,
};

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
  // A product of a data file shows its own brand and title (issue 24), else its line's.
  const def = m.definition(p);
  const own = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const brand = own(def?.market?.fields.brand) ?? def?.product.brand ?? line.brand;
  const ownTitle = own(def?.market?.fields.title) ?? own(def?.market?.fields.name) ?? def?.product.title;
  const heading = ownTitle === undefined ? line.primaryTitle : ownTitle.length > 48 ? `${ownTitle.slice(0, 47)}…` : ownTitle;
  const nickname = ownTitle === undefined ? nicknameOf(identity) : '';
  const colors = (COLORWAYS[identity.colorway]?.colors ?? '').split(/[/-]/);
  const base = colorOf(colors[0] ?? '');
  const accent = colorOf(colors[1] ?? colors[0] ?? '');
  const angle = name.startsWith('360-') ? `360° view, frame ${name.slice(4)}` : name === '0' ? 'side view' : `view ${name}`;
  const tilt = name.startsWith('360-') ? (Number(name.slice(4)) * 10) % 360 : Number(name) * 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${esc(`${heading.toLowerCase().startsWith(brand.toLowerCase()) ? '' : `${brand} `}${heading}${nickname ? ` ${nickname}` : ''}, ${angle}`)}">
<rect width="800" height="600" fill="#f4f4f6"/>
<g transform="rotate(${(tilt % 30) - 15} 400 300)">
${SHAPES[line.shape](base, accent)}
</g>
<text x="400" y="90" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="bold" text-anchor="middle" fill="#111">${esc(brand)}</text>
<text x="400" y="135" font-family="Helvetica, Arial, sans-serif" font-size="26" text-anchor="middle" fill="#333">${esc(heading)}</text>
<text x="400" y="500" font-family="Helvetica, Arial, sans-serif" font-size="26" text-anchor="middle" fill="#333">${esc(nickname)}</text>
<text x="400" y="540" font-family="Helvetica, Arial, sans-serif" font-size="18" text-anchor="middle" fill="#777">${esc(colors.join(' / '))} · ${esc(angle)}</text>
</svg>
`;
}
