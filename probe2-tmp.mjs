import { createMockServer } from './dist/mocks/index.js';
const m = createMockServer({ products: 50, now: Date.UTC(2026,10,20), data: { name: 'p.json', value: { products: [{ title: 'Ctl \u0001 x \ud800 y' }] } } });
const w = m.core.world; const pa = w.a.productOfKey(w.definedKey(0));
const r = m.core.respond({ method: 'GET', url: `/v3/market_a/products/${w.a.uuidOf(pa)}`, headers: { authorization: 'demo-premium' } });
const img = JSON.parse(r.body).data.image; console.log(img);
const i = m.core.respond({ method: 'GET', url: new URL(img).pathname, headers: {} }); console.log(i.status, JSON.stringify(i.body).slice(0, 400));
console.log(JSON.stringify(JSON.parse(r.body).data.title), Buffer.from(r.body).includes(Buffer.from([0xef,0xbf,0xbd])));
