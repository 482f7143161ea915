import { createMockServer } from './dist/mocks/index.js';
import { ContractValidator } from './dist/contract/index.js';
const v = new ContractValidator();
const NOW = Date.UTC(2026, 10, 20);
const cases = JSON.parse(process.argv[2]);
for (const [name, e] of Object.entries(cases)) {
  let m;
  try { m = createMockServer({ products: 50, now: NOW, data: { name: 'p.json', value: { products: [e] } } }); } catch (err) { console.log(name, 'REFUSED', err.message.split('\n').slice(1).join(' | ')); continue; }
  const w = m.core.world; const key = w.definedKey(0);
  const pa = w.a.productOfKey(key), pb = w.b.productOfKey(key);
  const out = [];
  const call = (url, op) => { const r = m.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } }); let viol = [];
    if (r.status === 200 && op) { viol = v.validateResponse ? [] : []; try { const body = JSON.parse(r.body); viol = v.validate ? [] : []; } catch {} }
    out.push(`${op}:${r.status}`); return r; };
  if (pa !== undefined) { const id = w.a.uuidOf(pa), slug = w.a.slugOf(pa);
    for (const [op,u] of [['A2id',`/v3/market_a/products/${id}?display[variants]=true&display[prices]=true`],['A2slug',`/v3/market_a/products/${encodeURIComponent(slug)}`],['A3',`/v3/market_a/products/${id}/sales`],['A4',`/v3/market_a/products/${id}/sales/daily?limit=365`],['img',`/images/market_a/${id}/main.svg`]]) { const r = call(u, op); if (r.status===200 && op==='A2id') out.push(r.body.slice(0,0) + (r.body.match(/"(min|max|avg)_price":[^,]*/g)||[]).join(' ')); } }
  if (pb !== undefined) { const id = w.b.idOf(pb), slug = w.b.slugOf(pb);
    for (const [op,u] of [['B2id',`/v3/market_b/products/${id}`],['B2slug',`/v3/market_b/products/${encodeURIComponent(slug)}`],['B3',`/v3/market_b/products/${id}/sales`],['B4',`/v3/market_b/products/${id}/sales/daily`]]) call(u, op); }
  console.log(name, out.join(' '));
}
