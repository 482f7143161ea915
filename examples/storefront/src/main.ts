/**
 * The storefront example: search (A1), a result grid with images, a product page with its
 * size/price table (A2 with display[variants] and display[prices]) and a sales chart (A4),
 * all through the typed client. `?api=URL&key=KEY` point it at a server (default: the local
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
  document.body.dataset.ready = 'true';
}

const client = (): ReturnType<typeof createResaleClient> => createResaleClient({ baseUrl: api, apiKey: key });
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

async function open(slug: string): Promise<void> {
  status('Loading product ...');
  try {
    const c = client();
    const [{ data: p }, daily] = await Promise.all([c.getMarketAProduct(slug, { variants: true, prices: true }), c.listMarketAProductDailySales(slug, { limit: 60 })]);
    $('#title').textContent = p.title;
    $<HTMLImageElement>('#hero').src = p.image;
    $<HTMLImageElement>('#hero').alt = p.title;
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
    status(`${p.sku} · ${p.weekly_orders} sold this week`);
  } catch (err) {
    status(err instanceof ApiError ? `Could not load the product: ${err.message}` : String(err), true);
  }
}

/** Average price per day as a line, oldest left. */
function chart(days: components['schemas']['MarketADailySales'][]): void {
  const svg = $('#chart');
  svg.replaceChildren();
  if (days.length === 0) return;
  const t0 = Date.parse(days[0]?.date ?? '');
  const t1 = Date.parse(days[days.length - 1]?.date ?? '') || t0 + 1;
  const lo = Math.min(...days.map((d) => d.avg_amount));
  const hi = Math.max(...days.map((d) => d.avg_amount));
  const x = (d: string): number => 20 + ((Date.parse(d) - t0) / Math.max(1, t1 - t0)) * 600;
  const y = (v: number): number => 180 - ((v - lo) / Math.max(1, hi - lo)) * 160;
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  line.setAttribute('points', days.map((d) => `${x(d.date).toFixed(1)},${y(d.avg_amount).toFixed(1)}`).join(' '));
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', '#1d4ed8');
  line.setAttribute('stroke-width', '2');
  svg.append(line);
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
