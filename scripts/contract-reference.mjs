/**
 * `docs/contract.md`, generated from `openapi.yaml`: the contract by section of the API
 * description. Each section of the description (its number and title, an anchor `#s4-1` for
 * §4.1) lists what of the contract cites it (`x-section`); then every operation with its
 * parameters and responses, each with the § it implements. Every `§` a user reads in a report or
 * a hover doc resolves to a heading of this page (test/docs/reference.test.ts).
 *
 * `node scripts/contract-reference.mjs` writes the file; `--check` exits 1 when the committed
 * file differs from what openapi.yaml gives. `renderContractReference()` is what both use.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONTRACT_REFERENCE_PATH = 'docs/contract.md';

/**
 * The section numbers and titles of the API description (its headings, §1 to §9), as the
 * description gives them; the description itself is not part of the package, so its titles are
 * kept here (test/docs/reference.test.ts compares them with the description when it is present).
 */
export const SECTIONS = [
  ['1', 'What the service does'],
  ['2', 'Resources and their fields'],
  ['2.1', 'Envelope'],
  ['2.2', 'Marketplace A product'],
  ['2.3', 'Marketplace A variant'],
  ['2.4', 'Marketplace A sale (per-sale record)'],
  ['2.5', 'Marketplace A daily aggregate'],
  ['2.6', 'Marketplace B product'],
  ['2.7', 'Marketplace B variant'],
  ['2.8', 'Marketplace B sale (per-sale record)'],
  ['2.9', 'Marketplace B daily aggregate'],
  ['2.10', 'Gaps in field information'],
  ['3', 'States and transitions'],
  ['4', 'Endpoints'],
  ['4.1', 'Marketplace A'],
  ['4.2', 'Marketplace B'],
  ['5', 'Authentication'],
  ['6', 'Events'],
  ['7', 'Errors'],
  ['8', 'Limits'],
  ['9', 'Versioning'],
];

/** The anchor of a section number: `4.1` → `s4-1`. */
export const anchorOf = (section) => `s${section.replace(/\./g, '-')}`;

/**
 * Where users read docs/contract.md from a report or a hover doc: the page of this version in the
 * repository package.json names (`repository.url`), at the tag `v<version>`, e.g.
 * `https://github.com/resale-kit/resale-kit/blob/v0.1.0/docs/contract.md`. The same page ships
 * in the package (`node_modules/resale-kit/docs/contract.md`, package.json `files`).
 * @throws Error when package.json names no https repository.
 */
export function contractReferenceUrl(pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))) {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = /^(?:git\+)?(https:\/\/[^\s]+?)(?:\.git)?$/.exec(String(raw ?? ''));
  if (!m) throw new Error(`package.json: repository.url must be an https URL (it is ${JSON.stringify(raw)})`);
  return `${m[1]}/blob/v${pkg.version}/${CONTRACT_REFERENCE_PATH}`;
}

/** Section numbers named by an `x-section` value such as `"4.1 A2 rule 3, 2.3, 5"` → `['4.1', '2.3', '5']`. */
export function sectionsIn(value) {
  return [...String(value).matchAll(/(?:^|,\s*)(\d+(?:\.\d+)?)/g)].map((m) => m[1]);
}

/** The most specific known section of a number (`2.11` → `2`), or undefined. */
function known(section) {
  if (SECTIONS.some(([n]) => n === section)) return section;
  const top = section.split('.')[0];
  return SECTIONS.some(([n]) => n === top) ? top : undefined;
}

/**
 * `x-section` as a JSDoc citation for hover docs: each section number a `{@link}` to its heading
 * in docs/contract.md at `url` (with the description's title), the rest kept:
 * `"4.1 A2 rule 3, 2.3"` → `{@link URL#s4-1 §4.1 Marketplace A} A2 rule 3, {@link URL#s2-3 §2.3 Marketplace A variant}`.
 */
export function jsdocCitation(value, url) {
  return eachSection(value, (s, number, rest) => `{@link ${url}#${anchorOf(s)} §${number}${s === number ? ` ${SECTIONS.find(([n]) => n === s)?.[1]}` : ''}}${rest}`);
}

/**
 * An `x-section` value with each part that starts with a section number of the description
 * rendered by `render(section known, number written, rest of the part)`; other parts kept, parts
 * with an unknown number as `§part`; joined with `, `.
 */
function eachSection(value, render) {
  return String(value)
    .split(/,\s*/)
    .map((part) => {
      const m = /^(\d+(?:\.\d+)?)(.*)$/.exec(part);
      if (!m) return part;
      const s = known(m[1]);
      return s ? render(s, m[1], m[2]) : `§${part}`;
    })
    .join(', ');
}

/**
 * `generated/sections.ts` (written by `npm run generate`): the description's sections (number,
 * title, anchor in docs/contract.md) and the page's URL, for what the kit shows at run time (the
 * HTML report links each `§`). Body only: generated-header.mjs stamps the header.
 */
export function renderSectionsModule(url = contractReferenceUrl()) {
  const rows = SECTIONS.map(([number, title]) => `  { number: ${JSON.stringify(number)}, title: ${JSON.stringify(title)}, anchor: ${JSON.stringify(anchorOf(number))} },`);
  return `
/** A section of the API description: its number (\`4.1\`), its title, and its heading's anchor in docs/contract.md (\`s4-1\`). */
export interface DescriptionSection {
  readonly number: string;
  readonly title: string;
  readonly anchor: string;
}

/** The sections of the API description (§1 to §9), in its order. */
export const DESCRIPTION_SECTIONS: readonly DescriptionSection[] = [
${rows.join('\n')}
];

/** docs/contract.md of this version, in the repository package.json names (the same page ships in the package's docs/). */
export const CONTRACT_REFERENCE_URL: string = ${JSON.stringify(url)};
`;
}

/** `x-section` as Markdown: each section number linked to its anchor, the rest kept (`§4.1 A2 rule 3`). */
function linked(value) {
  return eachSection(value, (s, number, rest) => `[§${number}](#${anchorOf(s)})${rest}`);
}

const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
const pointerOf = (parts) => '#/' + parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Resolves a local `$ref` of the contract (`#/components/...`). */
function resolve(doc, node) {
  let n = node;
  for (let i = 0; i < 8 && n && typeof n === 'object' && typeof n.$ref === 'string'; i++) {
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce((o, k) => (o == null ? undefined : o[k.replace(/~1/g, '/').replace(/~0/g, '~')]), doc);
  }
  return n;
}

/** A schema in a few words: `integer 1..100, default 20`, `string (uuid)`, a `$ref` by its name. */
function schemaText(doc, schema) {
  if (!schema || typeof schema !== 'object') return '';
  if (typeof schema.$ref === 'string') return `\`${schema.$ref.split('/').pop()}\``;
  const parts = [];
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type) parts.push(type);
  if (schema.format) parts.push(`(${schema.format})`);
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => `\`${v}\``).join(', ')}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? ''}..${schema.maximum ?? ''}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? ''}`);
  if (schema.pattern) parts.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  if (!type && (schema.anyOf || schema.oneOf)) parts.push((schema.anyOf ?? schema.oneOf).map((s) => schemaText(doc, s)).join(' or '));
  return parts.join(' ');
}

/** Where a node's rule comes from: its `x-section` (linked), else `x-source`. */
function sourceOf(node) {
  if (!node || typeof node !== 'object') return '';
  if (node['x-section'] !== undefined) return linked(node['x-section']);
  if (node['x-source']) return `${node['x-source']} (\`x-source\`)`;
  return '';
}

/** Every `x-section` in the document: `[pointer, value]`, in document order. */
function citations(doc) {
  const out = [];
  const walk = (node, path) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...path, i]));
    else if (node && typeof node === 'object') {
      if (node['x-section'] !== undefined) out.push([pointerOf(path), String(node['x-section'])]);
      for (const [k, v] of Object.entries(node)) if (!k.startsWith('x-') && k !== 'example' && k !== 'examples') walk(v, [...path, k]);
    }
  };
  walk(doc, []);
  return out;
}

/** What a pointer names, in short: `A2 getMarketAProduct`, `schema MarketAProduct.rank`, `parameter Page`. */
function nameOf(pointer, operations) {
  const op = operations.find((o) => pointer === o.pointer || pointer.startsWith(o.pointer + '/'));
  if (op) return `[${op.code} \`${op.id}\`](#${op.id.toLowerCase()})` + (pointer === op.pointer ? '' : ` \`${pointer.slice(op.pointer.length)}\``);
  const m = /^#\/components\/(schemas|parameters|responses|headers)\/([^/]+)(.*)$/.exec(pointer);
  if (m) {
    const kind = { schemas: 'schema', parameters: 'parameter', responses: 'response', headers: 'header' }[m[1]];
    const rest = m[3].replace(/\/properties\//g, '.').replace(/\//g, '.');
    return `${kind} \`${m[2]}${rest}\``;
  }
  return `\`${pointer}\``;
}

/** The whole page, from the contract's text. */
export function renderContractReference(text = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8')) {
  const doc = parse(text);
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const code = /\b([AB][1-9])\b/.exec(`${op.summary ?? ''} ${op['x-section'] ?? ''} ${op.description ?? ''}`)?.[1] ?? '';
      operations.push({ path, method, op, id: op.operationId, code, pointer: pointerOf(['paths', path, method]) });
    }
  }
  const cites = citations(doc);
  const lines = [
    '# The contract by section of the API description',
    '',
    '<!-- DO NOT EDIT. Generated from openapi.yaml by `node scripts/contract-reference.mjs` (`npm run docs`); test/docs/reference.test.ts fails when it is stale. -->',
    '',
    `\`openapi.yaml\` (${doc.info?.title ?? ''}, version ${doc.info?.version ?? ''}) by section of the API description. A \`§\` in a report, a hover doc or`,
    'these docs names one of the sections below (`§4.1 A2 rule 3` is rule 3 of A2 in section 4.1). Each section lists what of the',
    'contract cites it (its `x-section`); then [the operations](#operations) with their parameters and responses.',
    'Where the description says nothing, the contract marks its own rule `x-source: decision` or `x-source: production`',
    '(from the production behaviour notes); the checks judge those at should or info level.',
    '',
    '## Sections',
    '',
  ];
  for (const [number, title] of SECTIONS) {
    const depth = number.includes('.') ? '###' : '##';
    lines.push(`<a id="${anchorOf(number)}"></a>`, '', `${depth} §${number} ${title}`, '');
    const here = cites.filter(([, value]) => sectionsIn(value).some((s) => known(s) === number));
    const ops = operations.filter((o) => here.some(([p]) => p === o.pointer));
    if (ops.length > 0) lines.push(`Operations: ${ops.map((o) => `[${o.code} \`${o.id}\`](#${o.id.toLowerCase()})`).join(', ')}.`, '');
    const rest = here.filter(([p]) => !ops.some((o) => o.pointer === p));
    if (rest.length > 0) {
      for (const [p, value] of rest) lines.push(`- ${nameOf(p, operations)}: ${linked(value)}`);
      lines.push('');
    }
    if (ops.length === 0 && rest.length === 0) {
      const subsections = SECTIONS.filter(([n]) => n.startsWith(`${number}.`));
      lines.push(subsections.length > 0 ? `See its subsections: ${subsections.map(([n]) => `[§${n}](#${anchorOf(n)})`).join(', ')}.` : 'Nothing in the contract cites this section.', '');
    }
  }
  lines.push('## Operations', '');
  for (const o of operations) {
    lines.push(`### ${o.id}`, '', `**${o.code} \`${o.method.toUpperCase()} ${o.path}\`**: ${o.op.summary ?? ''}. Implements ${sourceOf(o.op) || 'no section'}.${o.op['x-premium'] ? ' Premium: a Free key gets 403.' : ''}`, '');
    const params = (o.op.parameters ?? []).map((p) => resolve(doc, p));
    if (params.length > 0) {
      lines.push('| Parameter | In | Required | Schema | § |', '|---|---|---|---|---|');
      for (const p of params) {
        lines.push(`| \`${cell(p.name)}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(schemaText(doc, p.schema))}${p['x-required-tier'] ? ` (tier: ${p['x-required-tier']})` : ''} | ${cell(sourceOf(p) || sourceOf(p.schema))} |`);
      }
      lines.push('');
    }
    lines.push('| Status | Description | Body | § |', '|---|---|---|---|');
    for (const [status, r] of Object.entries(o.op.responses ?? {})) {
      const res = resolve(doc, r) ?? {};
      const content = res.content ?? {};
      const body = Object.entries(content)
        .map(([type, c]) => `${type} ${schemaText(doc, c.schema)}`)
        .join('; ');
      lines.push(`| ${status} | ${cell(res.description ?? '')} | ${cell(body)} | ${cell(sourceOf(res))} |`);
    }
    lines.push('');
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = renderContractReference();
  const path = join(ROOT, CONTRACT_REFERENCE_PATH);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error(`${CONTRACT_REFERENCE_PATH} is stale: run \`npm run docs\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${CONTRACT_REFERENCE_PATH} is current`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${CONTRACT_REFERENCE_PATH}`);
  }
}
