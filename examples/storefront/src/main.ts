/**
 * The storefront example: search (A1), a result grid with images, a product page with its
 * size/price table (A2 with display[variants] and display[prices]) and a price chart (A4),
 * all through the typed client; the mock's edge-case products (`/fixtures`) are one click away,
 * and so are its edge answers (issue 24: the same product with the longest title, an empty
 * gallery, nulls, 40 sizes, no sales, no asks, prices with many digits), asked for with
 * `Prefer: example=<name>`. `?api=URL&key=KEY` point it at a server (default: the local
 * mock); `?msw=1` runs the mock inside the browser behind an MSW service worker instead.
 */
import { ApiError, createResaleClient, type components } from '../../../client/index.js';

type Product = components['schemas']['MarketAProduct'];
const params = new URLSearchParams(location.search);
const api = params.get('api') ?? 'http://127.0.0.1:4010';
const key = params.get('key') ?? 'demo-premium';
const $ = <T extends Element>(sel: string): T => document.querySelector(sel) as T;
const status = (text: string, error = false): void => {
  $('#status').textContent = text;
  $('#status').className = error ? 'error' : '';
};

async function start(): Promise<void> {
  if (params.get('msw') === '1') {
    const [{ setupWorker }, { createMswHandlers }] = await Promise.all([import('msw/browser'), import('../../../mocks/msw.js')]);
    const { handlers } = createMswHandlers(api, { seed: params.get('seed') ?? 'resale-kit', products: 2000 });
    await setupWorker(...handlers).start({ serviceWorker: { url: './mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
    $('#mode').textContent = 'mock in the browser (MSW)';
  } else $('#mode').textContent = `API ${api}`;
  await fixtures();
  document.body.dataset.ready = 'true';
}

/** A client; with an edge answer's name, every request asks for it (`Prefer: example=<name>`). */
const client = (example?: string): ReturnType<typeof createResaleClient> => createResaleClient({ baseUrl: api, apiKey: key, ...(example ? { headers: { Prefer: `example=${example}` } } : {}) });
const money = (n: number, currency = 'USD'): string => (n > 0 ? new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n) : '—');

async function search(q: string): Promise<void> {
  status(`Searching “${q}” ...`);
  $('#product').classList.remove('open');
  const list = $<HTMLUListElement>('#results');
  list.replaceChildren();
  try {
    const res = await client().searchMarketAProducts({ query: q, limit: 12 });
    status(`${res.meta.total} products for “${q}”`);
    for (const p of res.data) list.append(card(p));
  } catch (err) {
    status(err instanceof ApiError ? `Search failed: ${err.message}` : String(err), true);
  }
}

function card(p: Product): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'result';
  li.dataset.slug = p.slug;
  const img = document.createElement('img');
  img.src = p.image;
  img.alt = p.title;
  const h3 = document.createElement('h3');
  h3.textContent = p.title;
  const price = document.createElement('div');
  price.className = 'price';
  price.textContent = p.min_price > 0 ? `from ${money(p.min_price)}` : 'no asks';
  li.append(img, h3, price);
  li.addEventListener('click', () => void open(p.slug));
  return li;
}

async function open(slug: string, example?: string): Promise<void> {
  status('Loading product ...');
  try {
    const c = client(example);
    const [{ data: p }, daily] = await Promise.all([c.getMarketAProduct(slug, { variants: true, prices: true }), c.listMarketAProductDailySales(slug, { limit: 365 })]);
    $('#title').textContent = p.title;
    $('#example').textContent = example ? `edge answer: ${example}` : '';
    $<HTMLImageElement>('#hero').src = p.image;
    $<HTMLImageElement>('#hero').alt = p.title;
    const thumbs = p.gallery.map((src) => {
      const img = document.createElement('img');
      img.src = src;
      img.alt = '';
      return img;
    });
    if (thumbs.length === 0) {
      const none = document.createElement('span');
      none.textContent = 'No gallery images';
      $('#gallery').replaceChildren(none);
    } else $('#gallery').replaceChildren(...thumbs);
    const rows = (p.variants ?? []).map((v) => {
      const tr = document.createElement('tr');
      const express = v.prices?.find((x) => x.type === 'express_standard');
      for (const text of [v.size, money(v.lowest_ask, v.currency), String(v.total_asks), money(express?.price ?? 0, v.currency), String(v.sales_count_30_days)]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
    $('#sizes tbody').replaceChildren(...rows);
    chart(daily.data.slice().reverse());
    $('#results').replaceChildren();
    $('#product').classList.add('open');
    const sold = daily.data.reduce((n, d) => n + d.orders, 0);
    status(`${p.sku} · ${p.upcoming ? 'upcoming' : `${p.weekly_orders} sold this week, ${sold} in the last year`} · asks from ${money(p.min_price)}`);
  } catch (err) {
    status(err instanceof ApiError ? `Could not load the product: ${err.message}` : String(err), true);
  }
}

/** The price chart: the average sale price per day (dots) and its 7-day mean (line), oldest left, with price and month axes. */
function chart(days: components['schemas']['MarketADailySales'][]): void {
  const svg = $('#chart');
  svg.replaceChildren();
  if (days.length === 0) {
    svg.append(svgEl('text', { x: '320', y: '110', 'text-anchor': 'middle', fill: '#888' }, 'No sales yet'));
    return;
  }
  const W = 640;
  const H = 220;
  const L = 56;
  const B = 24;
  const t0 = Date.parse(days[0]?.date ?? '');
  const t1 = Math.max(t0 + 86_400_000, Date.parse(days[days.length - 1]?.date ?? ''));
  const lo = Math.min(...days.map((d) => d.avg_amount)) * 0.97;
  const hi = Math.max(...days.map((d) => d.avg_amount)) * 1.03;
  const x = (d: string): number => L + ((Date.parse(d) - t0) / (t1 - t0)) * (W - L - 10);
  const y = (v: number): number => H - B - ((v - lo) / Math.max(1, hi - lo)) * (H - B - 10);
  for (const v of [lo, (lo + hi) / 2, hi]) {
    svg.append(svgEl('line', { x1: String(L), x2: String(W - 10), y1: y(v).toFixed(1), y2: y(v).toFixed(1), stroke: '#eee' }));
    svg.append(svgEl('text', { x: String(L - 6), y: (y(v) + 4).toFixed(1), 'text-anchor': 'end', 'font-size': '11', fill: '#666' }, money(v)));
  }
  for (const d of [days[0], days[Math.floor(days.length / 2)], days[days.length - 1]]) {
    if (!d) continue;
    const label = new Date(d.date).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
    svg.append(svgEl('text', { x: x(d.date).toFixed(1), y: String(H - 6), 'text-anchor': 'middle', 'font-size': '11', fill: '#666' }, label));
  }
  for (const d of days) svg.append(svgEl('circle', { cx: x(d.date).toFixed(1), cy: y(d.avg_amount).toFixed(1), r: '1.6', fill: '#9db4e8' }));
  const mean = days.map((d, i) => {
    const week = days.slice(Math.max(0, i - 6), i + 1);
    return { date: d.date, v: week.reduce((s, w) => s + w.avg_amount * w.orders, 0) / week.reduce((s, w) => s + w.orders, 0) };
  });
  svg.append(svgEl('polyline', { points: mean.map((m) => `${x(m.date).toFixed(1)},${y(m.v).toFixed(1)}`).join(' '), fill: 'none', stroke: '#1d4ed8', 'stroke-width': '2' }));
}

function svgEl(name: string, attrs: Record<string, string>, text?: string): SVGElement {
  const el = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The mock's edge-case products (`GET /fixtures`), as links to their product pages; nothing for a server without them. */
async function fixtures(): Promise<void> {
  try {
    const res = await fetch(`${api}/fixtures`);
    if (!res.ok) return;
    const body = (await res.json()) as { cases: { case: string; description: string; market_a: { slug: string } }[]; examples?: { example: string; description: string; market_a?: { slug: string } }[] };
    const list = $('#fixtures ul');
    for (const c of body.cases) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '#';
      a.textContent = c.case;
      a.title = c.description;
      a.addEventListener('click', (e) => {
        e.preventDefault();
        void open(c.market_a.slug);
      });
      li.append(a);
      list.append(li);
    }
    $('#fixtures').classList.add('open');
    const examples = $('#examples ul');
    for (const e of body.examples ?? []) {
      const slug = e.market_a?.slug;
      if (!slug) continue;
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '#';
      a.textContent = e.example;
      a.title = e.description;
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        void open(slug, e.example);
      });
      li.append(a);
      examples.append(li);
    }
    if ((body.examples ?? []).length > 0) $('#examples').classList.add('open');
  } catch {
    // not the mock: no edge-case list
  }
}

$('#search').addEventListener('submit', (e) => {
  e.preventDefault();
  void search($<HTMLInputElement>('#q').value);
});
$('#back').addEventListener('click', (e) => {
  e.preventDefault();
  void search($<HTMLInputElement>('#q').value);
});
void start();
