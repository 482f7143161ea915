// Self-check of the CLEAN server (or a server with the flags given on the command line) against
// the description: types, required members, envelope, display rules, tiers, A3/A4 and B3/B4 relations.
// Usage: node selfcheck.mjs [--variation NAME]...   (exit 0 = no findings)
import { spawn } from 'node:child_process';

const flags = process.argv.slice(2);
const ch = spawn(process.execPath, ['server.mjs', '--port', '0', '--rate-limit', '1000000', ...flags], { cwd: new URL('.', import.meta.url).pathname });
process.on('exit', () => ch.kill('SIGTERM'));
const base = await new Promise((res) => { let b = ''; ch.stdout.on('data', (d) => { b += d; const m = /listening on (\S+)\n/.exec(b); if (m) res(m[1]); }); });
const PAID = { Authorization: 'Bearer vendor-paid' };
const FREE = { Authorization: 'vendor-free' };
const findings = [];
const bad = (m) => { findings.push(m); };
async function get(path, h = PAID) { const r = await fetch(base + path, { headers: h }); const t = await r.text(); return { s: r.status, ct: r.headers.get('content-type'), h: r.headers, j: t ? JSON.parse(t) : undefined }; }
const isInt = Number.isInteger; const isNum = (x) => typeof x === 'number' && Number.isFinite(x);
const isStr = (x) => typeof x === 'string'; const isBool = (x) => typeof x === 'boolean';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const URLRE = /^https?:\/\//;
function check(obj, spec, where) {
  for (const [k, t] of Object.entries(spec)) {
    if (!(k in obj)) { bad(`${where}: missing ${k}`); continue; }
    const v = obj[k];
    const ok = { int: isInt, num: isNum, str: isStr, bool: isBool, uuid: (x) => isStr(x) && UUID.test(x), ts: (x) => isStr(x) && TS.test(x), url: (x) => isStr(x) && URLRE.test(x),
      strs: (x) => Array.isArray(x) && x.every(isStr), urls: (x) => Array.isArray(x) && x.every((y) => URLRE.test(y)), null: (x) => x === null, arr: Array.isArray }[t];
    if (!ok(v)) bad(`${where}: ${k}=${JSON.stringify(v)} not ${t}`);
  }
}
const PA = { id: 'uuid', title: 'str', brand: 'str', model: 'str', gender: 'str', description: 'str', image: 'url', sku: 'str', slug: 'str', product_type: 'str', category: 'str', secondary_category: 'str', categories: 'strs', breadcrumbs: 'arr', gallery: 'urls', gallery_360: 'urls', updated_at: 'ts', created_at: 'ts', link: 'url', rank: 'int', weekly_orders: 'int', country_of_manufacture: 'str', primary_title: 'str', secondary_title: 'str', min_price: 'num', max_price: 'num', avg_price: 'num', short_description: 'str', upcoming: 'bool' };
const VA = { id: 'uuid', size: 'str', size_type: 'str', sizes: 'arr', lowest_ask: 'num', total_asks: 'int', position: 'int', hidden: 'bool', updated_at: 'ts', currency: 'str', market: 'str', sales_count_15_days: 'int', sales_count_30_days: 'int', sales_count_60_days: 'int' };
const PB = { id: 'int', sku: 'str', slug: 'str', name: 'str', brand: 'str', model: 'str', description: 'str', colorway: 'str', season: 'str', category: 'str', product_type: 'str', image_url: 'url', release_date: 'ts', release_date_year: 'str', retail_prices: 'null', link: 'url', sizes: 'arr', rank: 'int', weekly_orders: 'int', updated_at: 'ts' };
const VB = { product_id: 'int', size: 'str', lowest_ask: 'num', currency: 'str', available: 'bool', updated_at: 'ts' };
const dayKey = (t) => t.slice(0, 10);

// ---- A
const a1 = await get('/v3/market_a/products?limit=100');
if (!a1.j.meta || !isInt(a1.j.meta.current_page) || !isInt(a1.j.meta.per_page) || !isInt(a1.j.meta.total)) bad('A1 meta');
for (const p of a1.j.data) { check(p, PA, `A1 ${p.sku}`); if ('variants' in p) bad('A1 variants present'); }
for (const p0 of a1.j.data) {
  for (const key of [p0.id, p0.slug]) {
    const plain = await get(`/v3/market_a/products/${key}`);
    if (plain.j.meta !== null || !('meta' in plain.j)) bad(`A2 meta ${key}`);
    check(plain.j.data, PA, `A2 ${key}`);
    if ('variants' in plain.j.data) bad(`A2 variants without display ${key}`);
    for (const b of plain.j.data.breadcrumbs) check(b, { value: 'str', alias: 'str', level: 'int' }, 'breadcrumb');
    if (plain.j.data.breadcrumbs[0]?.level !== 1) bad('breadcrumb level start');
    if (!/^[A-Z]{2}$/.test(plain.j.data.country_of_manufacture)) bad('country');
    const pr = await get(`/v3/market_a/products/${key}?display%5Bprices%5D=true`);
    if ('variants' in pr.j.data) bad(`A2 variants with only prices ${key}`);
    const full = await get(`/v3/market_a/products/${key}?display%5Bvariants%5D=true&display%5Bprices%5D=true&display%5Bidentifiers%5D=true`);
    const vs = full.j.data.variants;
    if (!Array.isArray(vs) || !vs.length) { bad(`A2 no variants ${key}`); continue; }
    for (const v of vs) {
      check(v, VA, `A2 variant ${key}`);
      if (v.size_type !== v.size_type.toLowerCase()) bad('size_type case');
      for (const s of v.sizes) if (!['us m', 'uk', 'cm', 'kr', 'eu', 'us w'].includes(s.type) || !isStr(s.size)) bad('sizes type');
      if (!Array.isArray(v.prices) || !v.prices.length) bad(`prices not filled ${key}`);
      else for (const x of v.prices) { check(x, { price: 'num', asks: 'int', type: 'str' }, 'price'); if (!['standard', 'express_standard', 'express_expedited'].includes(x.type)) bad('price type'); }
      if (!Array.isArray(v.identifiers) || !v.identifiers.length) bad(`identifiers not filled ${key}`);
      else for (const x of v.identifiers) check(x, { identifier: 'str', identifier_type: 'str' }, 'identifier');
      if (v.total_asks !== v.prices.reduce((s, x) => s + x.asks, 0)) bad('total_asks sum');
    }
    const only = await get(`/v3/market_a/products/${key}?display%5Bvariants%5D=true`);
    for (const v of only.j.data.variants) if (v.prices !== null || v.identifiers !== null) bad('prices/identifiers not null without display');
    const free = await get(`/v3/market_a/products/${key}?display%5Bvariants%5D=true&display%5Bidentifiers%5D=true`, FREE);
    if (free.s === 200 && free.j.data.variants.some((v) => v.identifiers !== null)) bad('free got identifiers');
    // A3/A4
    const s3 = await get(`/v3/market_a/products/${key}/sales?limit=100`);
    if ('meta' in s3.j) bad('A3 has meta');
    let all = []; for (let pg = 1; ; pg++) { const r = await get(`/v3/market_a/products/${key}/sales?limit=100&page=${pg}`); all = all.concat(r.j.data); if (r.j.data.length < 100) break; }
    for (const s of all) { check(s, { product_id: 'uuid', variant_id: 'uuid', amount: 'num', created_at: 'ts' }, 'A3'); if (s.product_id !== p0.id) bad('A3 product_id'); }
    if (vs.length && all.length) {
      const vid = all[0].variant_id;
      const f = await get(`/v3/market_a/products/${key}/sales?limit=100&variant_id=${vid}`);
      if (f.j.data.some((s) => s.variant_id !== vid)) bad('A3 filter');
      if (new Set(all.map((s) => s.variant_id)).size < 2) bad('A3 all variants');
    }
    const s4 = await get(`/v3/market_a/products/${key}/sales/daily`);
    if (s4.s !== 200 || !Array.isArray(s4.j.data) || 'meta' in s4.j) bad(`A4 shape ${key}`);
    const per = new Map(); for (const s of all) { const d = dayKey(s.created_at); const r = per.get(d) || { n: 0, sum: 0 }; r.n++; r.sum += s.amount; per.set(d, r); }
    const days = new Set();
    for (const d of s4.j.data) {
      check(d, { product_id: 'uuid', avg_amount: 'num', orders: 'int', date: 'ts' }, 'A4');
      if (!/T00:00:00(\.0+)?Z$/.test(d.date)) bad('A4 midnight');
      if (days.has(d.date)) bad('A4 dup day'); days.add(d.date);
      const r = per.get(dayKey(d.date));
      if (r && (r.n !== d.orders || Math.abs(r.sum / r.n - d.avg_amount) > 1e-6)) bad(`A4 vs A3 ${key} ${d.date}`);
    }
  }
}
// ---- B
const b1 = await get('/v3/market_b/products?limit=100');
if ('meta' in b1.j) bad('B1 meta');
for (const p of b1.j.data) { check(p, PB, `B1 ${p.id}`); if (p.variants !== null || p.images !== null) bad('B1 variants/images'); }
for (const p0 of b1.j.data) {
  for (const key of [p0.id, p0.slug]) {
    const r = await get(`/v3/market_b/products/${key}`);
    if (r.s !== 200) { bad(`B2 ${key} ${r.s} ${JSON.stringify(r.j)}`); continue; }
    if (r.j.meta !== null) bad('B2 meta');
    check(r.j.data, { ...PB, images: 'urls', variants: 'arr' }, `B2 ${key}`);
    for (const v of r.j.data.variants) check(v, VB, 'B2 variant');
    for (const s of r.j.data.sizes) check(s, { presentation: 'str', value: 'num' }, 'B sizes');
    const d4 = await get(`/v3/market_b/products/${key}/sales/daily`);
    if (d4.s !== 200 || 'meta' in d4.j) bad(`B4 ${key}`);
    if (typeof key === 'number') {
      let all = []; for (let pg = 1; ; pg++) { const x = await get(`/v3/market_b/products/${key}/sales?limit=100&page=${pg}`); if (!x.j.meta || x.j.meta.page !== pg || x.j.meta.per_page !== 100) bad('B3 meta'); all = all.concat(x.j.data); if (x.j.data.length < 100) break; }
      for (const s of all) { check(s, { product_id: 'int', type: 'str', size_us: 'str', currency: 'str', amount: 'num', location: 'str', purchased_at: 'ts' }, 'B3'); if (!['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'].includes(s.type)) bad('B3 type'); if (s.product_id !== p0.id) bad('B3 pid'); }
      const per = new Map(); for (const s of all) { const d = dayKey(s.purchased_at); const x = per.get(d) || { n: 0, sum: 0 }; x.n++; x.sum += s.amount; per.set(d, x); }
      let prev = '9';
      for (const d of d4.j.data) {
        check(d, { product_id: 'int', avg_amount: 'num', orders: 'int', date: 'ts' }, 'B4');
        if (!/T00:00:00(\.0+)?Z$/.test(d.date)) bad('B4 midnight');
        if (!(d.date < prev)) bad('B4 order'); prev = d.date;
        const x = per.get(dayKey(d.date));
        if (x && (x.n !== d.orders || Math.abs(x.sum / x.n - d.avg_amount) > 1e-6)) bad(`B4 vs B3 ${key} ${d.date}`);
      }
    }
  }
}
// ---- tiers, errors, misc
for (const p of ['/v3/market_a/products/nike-dunk-low-grey-fog/sales', '/v3/market_a/products/nike-dunk-low-grey-fog/sales/daily', '/v3/market_b/products/719082/sales', '/v3/market_b/products/719082/sales/daily']) {
  const r = await get(p, FREE); if (r.s !== 403 || r.ct !== 'application/problem+json') bad(`free ${p} ${r.s}`);
  const u = await get(p, {}); if (u.s !== 401 || u.j.detail !== 'Invalid key') bad(`unauth ${p} ${u.s}`);
}
for (const p of ['/v3/market_a/products?query=x', '/v3/market_a/products/nike-dunk-low-grey-fog', '/v3/market_b/products?query=x', '/v3/market_b/products/719082']) {
  const r = await get(p, FREE); if (r.s !== 200) bad(`free ${p} ${r.s}`);
  if (!r.h.get('x-key-type') || !r.h.get('x-quota-current')) bad('headers');
}
const nf = await get('/v3/market_a/products/nope'); if (nf.s !== 404 || nf.j.detail !== 'Product not found') bad('404');
const nb = await get('/v3/market_b/products/1/sales'); if (nb.s !== 404) bad('B3 404');
const v422 = await get('/v3/market_a/products?query=x&limit=500'); if (v422.s !== 422 || v422.j.errors?.[0]?.location !== 'query.limit') bad('422 limit');
const p0 = await get('/v3/market_b/products/719082/sales?page=0'); if (p0.s !== 422) bad('422 page');
const nn = await get('/v3/market_b/products/dunk-low-black-white-dd1391-100/sales'); if (nn.s !== 422 || nn.j.errors?.[0]?.location !== 'path.id') bad('422 path.id');
const post = await fetch(base + '/v3/market_a/products', { method: 'POST', headers: PAID }); if (post.status !== 405) bad('POST');
const sch = await fetch(a1.j.$schema || base + '/schemas/ProductSearchA.json'); if (sch.status !== 200) bad('schema url');
const sku = await get('/v3/market_b/products?query=DD1391-100'); if (sku.j.data?.[0]?.sku !== 'DD1391 100') bad('B sku search');
const skuA = await get('/v3/market_a/products?query=DD1391%20100'); if (skuA.j.data?.[0]?.sku !== 'DD1391-100') bad('A sku search');
ch.kill('SIGTERM');
console.log(findings.length ? [...new Set(findings)].slice(0, 40).join('\n') + `\n${findings.length} findings` : 'selfcheck: no findings');
process.exit(findings.length ? 1 : 0);
