// Runs every defect/variation probe against a clean server and a flagged server,
// checks that the outputs differ, and writes DEFECTS.md from the observed outputs.
// Usage: node verify.mjs            (writes results.json and DEFECTS.md)
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';

const PAID = "-H 'Authorization: Bearer vendor-paid'";
const FREE = "-H 'Authorization: Bearer vendor-free'";
const A2 = '$P/v3/market_a/products';
const BB = '$P/v3/market_b/products';
const code = "-o /dev/null -w '%{http_code}\\n'";

const E = [
  // ---------------- must-level defects
  { k: 'defect', n: 'delete-allowed', lvl: 'must', sec: '§4 (and preamble)', rule: 'read-only: only GET', q: 'All endpoints use GET … (preamble: "The service is read-only (GET only).")',
    cmd: `curl -s ${code} -X DELETE ${PAID} "${BB}/719082"; curl -s ${code} ${PAID} "${BB}/719082"` },
  { k: 'defect', n: 'v2-alias', lvl: 'must', sec: '§9', rule: 'all endpoint paths begin with /v3/', q: 'The version is part of the path: every endpoint path begins with `/v3/`.',
    cmd: `curl -s ${code} ${PAID} "$P/v2/market_a/products?query=Dunk"` },
  { k: 'defect', n: 'b1-meta', lvl: 'must', sec: '§2.1', rule: 'B1 has no meta', q: 'The marketplace B search response has no `meta`.',
    cmd: `curl -s ${PAID} "${BB}?query=Dunk" | jq -c '[has("meta"), .meta]'` },
  { k: 'defect', n: 'a1-meta-page', lvl: 'must', sec: '§2.1 / §4.1 A1', rule: 'A1 meta is {current_page, per_page, total}', q: 'Pagination `meta` for the marketplace A search: current_page integer, per_page integer, total integer',
    cmd: `curl -s ${PAID} "${A2}?query=Dunk" | jq -c '.meta'` },
  { k: 'defect', n: 'a2-meta-absent', lvl: 'must', sec: '§2.1 / §4.1 A2', rule: 'A2 meta is null (member present)', q: 'A2 … `data`: one Marketplace A product. `meta`: null.',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog" | jq -c '[has("meta"), .meta]'` },
  { k: 'defect', n: 'a2-variants-unasked', lvl: 'must', sec: '§2.2 / §4.1 A2 rule 1', rule: 'variants only with display[variants]=true', q: 'variants … Present only when `display[variants]=true` is sent.',
    cmd: `curl -sg ${PAID} "${A2}/nike-dunk-low-grey-fog?display[prices]=true" | jq -c '.data | has("variants")'` },
  { k: 'defect', n: 'a2-slug-display-ignored', lvl: 'must', sec: '§4.1 A2 rule 1', rule: 'display[variants] must work whatever the product is addressed by (ID or slug)', q: 'With `display[variants]=true`, the product gains a `variants` array of Marketplace A variant.',
    cmd: `curl -sg ${PAID} "${A2}/nike-dunk-low-grey-fog?display[variants]=true" | jq -c '.data | [has("variants"), (.variants|length)]'; curl -sg ${PAID} "${A2}/954daa43-f850-4be5-abb3-02443c6a3541?display[variants]=true" | jq -c '.data | [has("variants"), (.variants|length)]'` },
  { k: 'defect', n: 'a2-prices-skip-hidden', lvl: 'must', sec: '§4.1 A2 rule 2', rule: 'every returned variant gets filled prices', q: 'With `display[prices]=true`, each variant gains a filled `prices` array … This applies to variants that are returned.',
    cmd: `curl -sg ${PAID} "${A2}/jordan-1-retro-high-og-chicago-lost-and-found?display[variants]=true&display[prices]=true" | jq -c '[.data.variants[] | {size, hidden, prices: (.prices|type)}] | last'` },
  { k: 'defect', n: 'free-identifiers', lvl: 'must', sec: '§4.1 A2 rule 3 / §5 / §2.3', rule: 'identifiers only for paying users', q: 'With `display[identifiers]=true`, each variant gains a filled `identifiers` array. This option is for paying users only.',
    cmd: `curl -sg ${FREE} "${A2}/nike-dunk-low-grey-fog?display[variants]=true&display[identifiers]=true" | jq -c '.status // .data.variants[0].identifiers'` },
  { k: 'defect', n: 'free-b4', lvl: 'must', sec: '§5 / §4.2 B4', rule: 'B4 is premium', q: 'Endpoints A3, A4, B3 and B4 are marked as premium features.',
    cmd: `curl -s ${code} ${FREE} "${BB}/719082/sales/daily"` },
  { k: 'defect', n: 'a3-variant-filter-slug', lvl: 'must', sec: '§4.1 A3 rule 2', rule: 'variant_id filters (also when the product is addressed by slug)', q: 'With `variant_id`, only sales of that variant are returned.',
    cmd: `curl -s ${PAID} "${A2}/jordan-1-retro-high-og-chicago-lost-and-found/sales?variant_id=d4a22463-2db5-4fb4-8861-105e5a9416cf&limit=100" | jq -c '[.data[].variant_id] | unique | length'; curl -s ${PAID} "${A2}/bc4444a9-6d68-41d1-8925-9f734b44cf44/sales?variant_id=d4a22463-2db5-4fb4-8861-105e5a9416cf&limit=100" | jq -c '[.data[].variant_id] | unique | length'` },
  { k: 'defect', n: 'a3-product-id-slug', lvl: 'must', sec: '§2.4', rule: 'sale product_id is the product UUID', q: 'Marketplace A sale: product_id | string (UUID)',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales?limit=1" | jq -c '.data[0].product_id'; curl -s ${PAID} "${A2}/954daa43-f850-4be5-abb3-02443c6a3541/sales?limit=1" | jq -c '.data[0].product_id'` },
  { k: 'defect', n: 'a3-one-variant', lvl: 'must', sec: '§4.1 A3 rule 1', rule: 'without variant_id: sales of all variants', q: 'Without `variant_id`, sales of all variants of the product are returned, and each record\'s `variant_id` may differ.',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales?limit=100" | jq -c '[.data[].variant_id] | unique | length'` },
  { k: 'defect', n: 'a4-day-shift', lvl: 'must', sec: '§2.5 / §4.1 A4', rule: 'row date = midnight UTC of the day whose orders it counts (off by one day; relation to A3)', q: 'orders: Number of orders that day. date: Midnight UTC of the day.',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales/daily?limit=1" | jq -c '.data[0] | [.date, .orders]'; curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales?limit=100" | jq -c '[.data[] | select(.created_at >= "2026-11-20")] | length'` },
  { k: 'defect', n: 'b4-date-local', lvl: 'must', sec: '§2.9 / §4.2 rule 3', rule: 'B4 date is midnight UTC', q: 'date: string (timestamp) | Midnight UTC of the day.',
    cmd: `curl -s ${PAID} "${BB}/719082/sales/daily?limit=2" | jq -c '[.data[].date]'` },
  { k: 'defect', n: 'b4-slug-rejected', lvl: 'must', sec: '§4.2 rule 1', rule: 'B4 accepts an ID or a slug', q: 'B3 takes the numeric product ID in its path. B4 takes an ID or a slug.',
    cmd: `curl -s ${code} ${PAID} "${BB}/dunk-low-black-white-dd1391-100/sales/daily"` },
  { k: 'defect', n: 'b3-type-third', lvl: 'must', sec: '§4.2 rule 2 / §2.8', rule: 'B3 type is one of the two values', q: 'Each B3 record carries a `type` from the two values in section 2.8.',
    cmd: `curl -s ${PAID} "${BB}/719082/sales?limit=100" | jq -c '[.data[].type] | unique'` },
  { k: 'defect', n: 'b2-variant-product-id-string', lvl: 'must', sec: '§2.7', rule: 'B variant product_id is an integer (B2 only)', q: 'Marketplace B variant: product_id | integer',
    cmd: `curl -s ${PAID} "${BB}/719082" | jq -c '.data.variants[0].product_id | type'` },
  { k: 'defect', n: 'a1-rank-string', lvl: 'must', sec: '§2.2', rule: 'A rank is an integer (A1 only)', q: 'rank | integer',
    cmd: `curl -s ${PAID} "${A2}?query=Panda" | jq -c '.data[0].rank | type'` },
  { k: 'defect', n: 'size-type-upper', lvl: 'must', sec: '§2.3', rule: 'size_type is lower-case', q: 'size_type | string | Lower-case label of the size system.',
    cmd: `curl -sg ${PAID} "${A2}/b66900b0-a21a-4e69-9c32-2b7b3f3bf002?display[variants]=true" | jq -c '.data.variants[0].size_type'` },
  { k: 'defect', n: 'breadcrumb-level-zero', lvl: 'must', sec: '§2.2', rule: 'breadcrumb levels start at 1', q: 'Breadcrumb: `value` (string), `alias` (string), `level` (integer, starting at 1).',
    cmd: `curl -s ${PAID} "${A2}/b66900b0-a21a-4e69-9c32-2b7b3f3bf002" | jq -c '[.data.breadcrumbs[].level]'` },
  { k: 'defect', n: 'b1-brand-unsearchable', lvl: 'must', sec: '§1 / §4.2 B1', rule: 'search by brand', q: 'Product search is by SKU, name, brand and similar terms … B1 `query` (string): SKU, name, brand or similar term',
    cmd: `curl -s ${PAID} "${BB}?query=adidas" | jq -c '[.data[].sku]'` },
  { k: 'defect', n: 'a1-sku-not-first', lvl: 'must', sec: '§1 / §4.1 A1', rule: 'ordered by relevance (then popularity): exact SKU match first', q: '`data`: array of Marketplace A product, ordered by relevance and popularity.',
    cmd: `curl -s ${PAID} "${A2}?query=DQ3989-100" | jq -c '[.data[].sku]'` },
  { k: 'defect', n: 'b2-images-null', lvl: 'must', sec: '§4.2 B2 / §2.6', rule: 'B2 includes images', q: 'B2 … `data`: one Marketplace B product including `variants` and `images`.',
    cmd: `curl -s ${PAID} "${BB}/dunk-low-black-white-dd1391-100" | jq -c '.data.images | type'` },
  { k: 'defect', n: 'empty-204', lvl: 'must', sec: '§1 (A4)', rule: 'success is a JSON object with data (also when empty)', q: 'Every successful response is a JSON object with a `data` member.',
    cmd: `curl -s -w ' HTTP %{http_code}\\n' ${PAID} "${A2}/jordan-12-retro-flu-game-2025/sales/daily" | sed 's/"\\$schema":"[^"]*",//'` },
  { k: 'defect', n: 'a2-updated-offset', lvl: 'must', sec: '§2.2', rule: 'A product timestamps are UTC (A2 only)', q: 'updated_at | string (ISO 8601 UTC timestamp)',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog" | jq -c '[.data.updated_at, .data.created_at]'` },
  // ---------------- should-level defects (production notes)
  { k: 'defect', n: 'unauth-403', lvl: 'should', sec: 'notes: Credentials and tiers', rule: 'missing key → 401', q: 'Missing or unknown key: **401**.',
    cmd: `curl -s "${BB}?query=Dunk" | jq -c '[.status, .detail]'` },
  { k: 'defect', n: 'error-plain-json', lvl: 'should', sec: 'notes: Errors', rule: 'errors are application/problem+json', q: 'API errors are RFC 9457 problem details, `Content-Type: application/problem+json`',
    cmd: `curl -s -o /dev/null -w '%{http_code} %{content_type}\\n' ${PAID} "${A2}/no-such-product"` },
  { k: 'defect', n: 'unknown-param-422', lvl: 'should', sec: 'notes: Errors', rule: 'unknown query parameters ignored', q: 'Unknown query parameters are ignored, never an error.',
    cmd: `curl -s ${code} ${PAID} "${A2}?query=Dunk&utm_source=x"` },
  { k: 'defect', n: 'b3-default-limit-20', lvl: 'should', sec: 'notes: Pagination', rule: 'per-sale history default limit 50', q: 'Per-sale history defaults to `limit=50`',
    cmd: `curl -s ${PAID} "${BB}/719082/sales" | jq -c '[.meta, (.data|length)]'` },
  { k: 'defect', n: 'daily-zero-rows', lvl: 'should', sec: 'notes: Pagination', rule: 'daily rows only for days with ≥1 sale', q: 'Daily series contain rows only for days that had at least one sale.',
    cmd: `curl -s ${PAID} "${BB}/753518/sales/daily" | jq -c '[(.data|length), ([.data[].orders]|min)]'` },
  { k: 'defect', n: 'position-one-based', lvl: 'should', sec: 'notes: Values', rule: 'variant position starts at 0', q: 'Variant `position` starts at 0.',
    cmd: `curl -sg ${PAID} "${A2}/nike-dunk-low-grey-fog?display[variants]=true" | jq -c '[.data.variants[].position]'` },
  { k: 'defect', n: 'total-asks-mismatch', lvl: 'should', sec: 'notes: Values', rule: 'total_asks = sum of asks over prices', q: "a variant's `total_asks` equals the sum of `asks` over its `prices`",
    cmd: `curl -sg ${PAID} "${A2}/jordan-1-retro-high-og-chicago-lost-and-found?display[variants]=true&display[prices]=true" | jq -c '.data.variants[0] | [.total_asks, ([.prices[].asks]|add)]'` },
  { k: 'defect', n: 'no-key-type-on-error', lvl: 'should', sec: 'notes: Credentials and tiers', rule: 'every response carries X-Key-Type and X-Quota-Current', q: 'Every response carries `X-Key-Type` (e.g. `Free`) and `X-Quota-Current`',
    cmd: `curl -s -D - -o /dev/null ${PAID} "${A2}/no-such-product" | grep -io '^x-[a-z-]*' | tr '\\n' ' '; echo` },
  // ---------------- variations (legal)
  { k: 'variation', n: 'no-schema', beh: 'no `$schema` member in any response', q: '§1 "Some responses also carry `meta` and `$schema`"; §2.1 $schema "Present in most sample responses."',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog" | jq -c 'keys'` },
  { k: 'variation', n: 'a3-oldest-first', beh: 'A3 records oldest first', q: '§4.1 A3 rule 3 "In the samples the records are newest first, and the ordering guarantee is not shown."',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales?limit=2" | jq -c '[.data[].created_at]'` },
  { k: 'variation', n: 'free-identifiers-null', beh: 'free key + display[identifiers]=true → 200, identifiers null (instead of 403)', q: '§2.3 identifiers "Filled only when `display[identifiers]=true` is sent and the caller is entitled."; §5 "what happens to a caller without the entitlement: not shown."',
    cmd: `curl -sg ${FREE} "${A2}/nike-dunk-low-grey-fog?display[variants]=true&display[identifiers]=true" | jq -c '.status // [.data.variants[0].identifiers]'` },
  { k: 'variation', n: 'uuid-v7', beh: 'marketplace A product/variant ids are UUID version 7', q: '§2.2 id "string (UUID)" (no version stated); notes: "newer ones are UUID version 7, so never require v4".',
    cmd: `curl -s ${PAID} "${A2}?query=Panda" | jq -r '.data[0].id'` },
  { k: 'variation', n: 'b-season-trimmed', beh: 'B season without leading space', q: '§2.6 season "May carry a leading space."',
    cmd: `curl -s ${PAID} "${BB}/719082" | jq -c '.data.season'` },
  { k: 'variation', n: 'extra-members', beh: 'undocumented extra members: A1 meta.facets, price ladder, A traits, B nickname, B variant market', q: 'Description lists members but never forbids others; notes: "Search results carry a few extra members … Readers must tolerate members they do not know."',
    cmd: `curl -s ${PAID} "${A2}?query=Panda" | jq -c '.meta'; curl -s ${PAID} "${BB}/719082" | jq -c '[.data.nickname, .data.variants[0].market]'` },
  { k: 'variation', n: 'error-minimal', beh: 'problem details without the optional `$schema`, `type`, `instance` (only title/status/detail, plus errors on 422)', q: '§7 "Error responses, error codes, status codes and error payload shape: not shown."; notes mark `$schema`, `type`, `instance` optional (`?`).',
    cmd: `curl -s ${PAID} "${A2}/no-such-product" | jq -c 'keys'` },
  { k: 'variation', n: 'empty-query-empty', beh: 'search without `query` returns an empty list (default: all, by popularity)', q: '§4.1/§4.2 only define `query` as "SKU, name, brand or similar term"; behaviour without it is not described.',
    cmd: `curl -s ${PAID} "${BB}" | jq -c '.data | length'` },
  { k: 'variation', n: 'a1-per-page-10', beh: 'A1 default page size 10', q: '§4.1 "Marketplace A search (A1): parameters to select a page or page size: not shown."; §8 limits not shown.',
    cmd: `curl -s ${PAID} "${A2}" | jq -c '[.meta, (.data|length)]'` },
  { k: 'variation', n: 'daily-window-30', beh: 'A4/B4 cover only the last 30 UTC days (today + 29)', q: '§4.1 "Marketplace A sales (A3, A4): … the time window covered: not shown."; §4.2 same for B3/B4.',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales/daily" | jq -c '[(.data|length), .data[-1].date]'` },
  { k: 'variation', n: 'timestamps-millis', beh: 'timestamps with milliseconds (still UTC, Z)', q: '§2.2 "string (ISO 8601 UTC timestamp)"; notes: "usually without fractional seconds".',
    cmd: `curl -s ${PAID} "${A2}/nike-dunk-low-grey-fog/sales?limit=1" | jq -c '.data[0].created_at'` },
  { k: 'variation', n: 'amounts-fractional', beh: 'sale amounts carry cents', q: '§2.4/§2.8 amount "number"; notes: "Amounts on sales are numbers, usually whole."',
    cmd: `curl -s ${PAID} "${BB}/719082/sales?limit=3" | jq -c '[.data[].amount]'` },
];

function start(flags) {
  return new Promise((resolve, reject) => {
    const ch = spawn(process.execPath, ['server.mjs', '--port', '0', ...flags], { cwd: new URL('.', import.meta.url).pathname });
    let buf = '';
    ch.stdout.on('data', (d) => {
      buf += d;
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(buf);
      if (m) resolve({ ch, url: m[1], line: buf });
    });
    ch.stderr.on('data', (d) => process.stderr.write(d));
    ch.on('exit', (c) => reject(new Error('server exited ' + c + ' ' + flags.join(' '))));
  });
}
function run(cmd, url) {
  try { return execFileSync('bash', ['-c', cmd], { env: { ...process.env, P: url }, encoding: 'utf8' }).trim(); }
  catch (e) { return ('ERR ' + (e.stdout || '') + (e.stderr || '')).trim(); }
}
function stop(s) { s.ch.removeAllListeners('exit'); s.ch.kill('SIGTERM'); }

const results = [];
let bad = 0;
const clean = await start([]);
console.log('clean server line:', JSON.stringify(clean.line));
for (const e of E) {
  const flagged = await start([e.k === 'defect' ? '--defect' : '--variation', e.n]);
  const c = run(e.cmd, clean.url);
  const f = run(e.cmd, flagged.url);
  stop(flagged);
  const ok = c !== f && !c.startsWith('ERR') && !f.startsWith('ERR');
  if (!ok) bad++;
  results.push({ ...e, clean: c, flagged: f, ok });
  console.log(`${ok ? 'OK  ' : 'FAIL'} ${e.k} ${e.n}\n   clean: ${c}\n   ${e.k}: ${f}`);
}
stop(clean);
fs.writeFileSync('results.json', JSON.stringify(results, null, 1));

const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ⏎ ');
const code_ = (s) => '`' + esc(s).replace(/`/g, "'") + '`';
let md = `# Held-out server: defects and variations

## Start

\`\`\`
node server.mjs --port 0                                # clean; prints exactly: listening on http://127.0.0.1:<port>
node server.mjs --port 8080 --defect b1-meta --defect free-b4 --variation no-schema
node server.mjs --list                                  # list known defect / variation names
node server.mjs --port 0 --rate-limit 100000            # optional: raise the 640 req/min/key limit for heavy test runs
\`\`\`

Node 20, node: built-ins only. Flags may be repeated (or comma-separated). Unknown names exit with status 2.
Keys: \`Authorization: Bearer vendor-paid\` (paid tier, \`X-Key-Type: Pro\`), \`Bearer vendor-free\` (free tier); the bare key also works.
Data: fixed clock 2026-11-20T18:00:00Z, 30 products per marketplace (4–6 variants each), 9 weeks of per-sale history;
daily rows are computed from the per-sale records (UTC days, rows only for days with sales, newest first).
Two products (\`jordan-12-retro-flu-game-2025\`, \`nike-zoom-vomero-5-photon-dust-metallic-silver\`; B ids 759037, 749387) are upcoming and have no sales.

Clean-server decisions (production notes): 401 \`Invalid key\` for missing/unknown key; 403 for free tier on A3/A4/B3/B4 and on
\`display[identifiers]=true\`; 404 \`Product not found\`; 422 with \`errors[].location\` for bad \`page\`/\`limit\`/\`variant_id\` and a
non-numeric B3 id (\`path.id\`); 405 (Allow: GET, HEAD) for other methods; 429 + Retry-After above 640 req/min per key;
\`page\` 1-based, \`limit\` 1..100 (default 20; per-sale default 50; daily up to 365, default 365); A1 \`meta.total\` capped at 1000;
unknown query parameters ignored; every response carries \`X-Key-Type\` and \`X-Quota-Current\`; \`$schema\` URLs are served at \`/schemas/<Name>.json\`.
\`display[...]=true\` must be literally \`true\`; use \`curl -g\` (or \`%5B\`/\`%5D\`) for the brackets.

In the curl lines, set \`P=http://127.0.0.1:<port>\`. "Observed" columns were produced by \`node verify.mjs\`, which starts a clean server
and one server per flag, runs the exact curl line against both, and requires the outputs to differ (all ${results.length} rows: ${results.length - bad} OK).

\`node selfcheck.mjs [--defect X | --variation Y]\` walks every product of both marketplaces (A1–A4 by ID and by slug, B1–B4, paging
through all sales) and checks types, required members, envelope, display rules, tiers, errors, and that every daily row equals the
count/average of the per-sale records of that UTC day. The clean server and each of the 12 variations give "no findings".

## Defects

| name | level | § | rule broken | quoted sentence | curl | observed clean → defect |
|---|---|---|---|---|---|---|
`;
for (const r of results.filter((x) => x.k === 'defect')) md += `| \`${r.n}\` | ${r.lvl} | ${esc(r.sec)} | ${esc(r.rule)} | "${esc(r.q)}" | ${code_(r.cmd)} | ${code_(r.clean)} → ${code_(r.flagged)}${r.ok ? '' : ' **NOT VERIFIED**'} |\n`;
md += `
## Variations (legal; a fair suite must accept them)

| name | behaviour | why legal (quoted) | curl | observed clean → variation |
|---|---|---|---|---|
`;
for (const r of results.filter((x) => x.k === 'variation')) md += `| \`${r.n}\` | ${esc(r.beh)} | ${esc(r.q)} | ${code_(r.cmd)} | ${code_(r.clean)} → ${code_(r.flagged)}${r.ok ? '' : ' **NOT VERIFIED**'} |\n`;
fs.writeFileSync('DEFECTS.md', md);
console.log(`\n${results.length - bad}/${results.length} verified; DEFECTS.md written`);
process.exit(bad ? 1 : 0);
