/**
 * `resale-kit diff OLD NEW` without the command line: reads two OpenAPI 3.x documents, asks a
 * {@link DiffEngine} for their changes, adds the kit's own rules (./rules.ts), names each
 * change's provenance (contract/provenance.ts: the nearest object on its pointer carrying
 * `x-section`, or `x-source: production|decision`) and applies an allow-list.
 * Exit codes of the command (a public interface): {@link DIFF_EXIT}.
 */
import { readInputText } from '../input-file.js';
import { parse } from 'yaml';
import { isObject, type Json, type JsonObject } from '../load.js';
import { escapeToken, expandedNodes, ownAt, parsePointer } from '../pointer.js';
import { provenanceOf, type ProvenanceSource } from '../provenance.js';
import { kitRules } from './rules.js';
import type { ContractChange, ContractInput, DiffEngine, DiffReport } from './types.js';

/** Exit codes of `resale-kit diff`: 0 nothing breaks a client (or every breaking change is allowed), 1 a breaking change, 2 usage or an unreadable file. */
export const DIFF_EXIT = { compatible: 0, breaking: 1, usage: 2 } as const;

/** Contracts and allow-lists larger than this (bytes) are refused unread (this kit's contract is about 84 KB). */
export const MAX_CONTRACT_BYTES = 8 * 1024 * 1024;

/**
 * The most nodes a contract may have with its `$ref`s inlined ({@link expandedNodes}): the diff
 * engine inlines them, and compat walks them. This kit's contract has about 15,000; a small
 * document of `$ref`s to `$ref`s can have billions.
 */
export const MAX_EXPANDED_NODES = 200_000;

/** A file that cannot be read or is not what it should be: the command exits 2. */
export class DiffInputError extends Error {
  override name = 'DiffInputError';
}

/** Reads a whole small file, or throws {@link DiffInputError} naming it and the reason (never its content). */
function readSmall(path: string, what: string): string {
  try {
    return readInputText(path, MAX_CONTRACT_BYTES);
  } catch (e) {
    if (e instanceof DiffInputError) throw e;
    throw new DiffInputError(`cannot read ${what} ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * Reads an OpenAPI 3.x document (YAML or JSON).
 * @throws DiffInputError when the file is missing, too large, not YAML/JSON, or has no `openapi: 3.x` and `paths`.
 */
export function readContract(path: string): ContractInput {
  const text = readSmall(path, 'the contract');
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch {
    throw new DiffInputError(`${path} is not YAML or JSON`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.') || !isObject(doc.paths)) throw new DiffInputError(`${path} is not an OpenAPI 3.x document (no "openapi: 3.x" and "paths")`);
  const external = externalRef(doc);
  if (external)
    throw new DiffInputError(
      `${path}: $ref ${JSON.stringify(external.ref.slice(0, 80))} at ${external.at.slice(0, 120) || '/'} points outside the document; the diff reads one self-contained contract and never fetches or reads another file (a contract in a pull request could name any URL or file): bundle it first, e.g. npx @redocly/cli bundle`,
    );
  if (expandedNodes(doc, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES)
    throw new DiffInputError(`${path}: with its $refs inlined the contract has more than ${MAX_EXPANDED_NODES} nodes (MAX_EXPANDED_NODES; $refs that fan out level after level grow without bound): refused`);
  return { path, document: doc };
}

/**
 * The first `$ref` of a document that is not a pointer into the document itself (`#/...`), with
 * its JSON Pointer; undefined when every one is local. Walks iteratively, so no nesting depth
 * overflows the stack.
 */
function externalRef(doc: Json): { ref: string; at: string } | undefined {
  const stack: [Json, string][] = [[doc, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [Json, string];
    if (Array.isArray(node)) node.forEach((x, i) => stack.push([x, `${at}/${i}`]));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) return { ref: v, at };
        stack.push([v, `${at}/${escapeToken(k)}`]);
      }
    }
  }
  return undefined;
}

/** One entry of an allow-list: a known breaking change accepted, with the reason. */
export interface AllowEntry {
  /** The change's JSON Pointer, exactly as reported. */
  pointer: string;
  /** The change's kind, exactly as reported. */
  kind: string;
  /** Why it is accepted (shown in every report); required, not empty. */
  reason: string;
}

/**
 * Reads an allow-list: JSON `{ "allow": [ { "pointer": "...", "kind": "...", "reason": "..." } ] }`.
 * @throws DiffInputError when the file is unreadable, not JSON, or an entry lacks a string pointer, kind or non-empty reason.
 */
export function readAllowList(path: string): AllowEntry[] {
  const text = readSmall(path, 'the allow-list');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new DiffInputError(`${path} is not JSON: an allow-list is {"allow": [{"pointer", "kind", "reason"}]}`);
  }
  // JSON.parse keeps the last of a repeated member ("allow" twice): what a reviewer reads first would not count. YAML's parser, strict on keys, finds it.
  try {
    parse(text, { uniqueKeys: true, maxAliasCount: 0 });
  } catch (e) {
    if ((e as { code?: string }).code === 'DUPLICATE_KEY') throw new DiffInputError(`${path}: a member name occurs twice in one object; JSON readers disagree on which counts: keep one`);
  }
  const list = isObject(doc) && Object.hasOwn(doc, 'allow') ? doc.allow : undefined;
  if (!Array.isArray(list)) throw new DiffInputError(`${path}: an allow-list is {"allow": [{"pointer", "kind", "reason"}]}`);
  return list.map((e, i) => {
    if (!isObject(e) || typeof e.pointer !== 'string' || typeof e.kind !== 'string' || typeof e.reason !== 'string' || e.reason.trim() === '')
      throw new DiffInputError(`${path}: entry ${i} needs a string "pointer", "kind" and a non-empty "reason"`);
    return { pointer: e.pointer, kind: e.kind, reason: e.reason.trim() };
  });
}

/**
 * The breaking changes a changelog announces (issue 32 item 4): the JSON Pointers written in
 * backticks on the bullets of its first `## ` section (the unreleased one) that say "breaking"
 * (any case), for example
 * `- Breaking (contract): \`operation-removed\` at \`/paths/~1v3~1market_b~1products/get\`: why`.
 * @returns the announced pointers (a `Set`, exact strings).
 * @throws DiffInputError when the file is unreadable or has no `## ` section.
 */
export function readChangelogAnnouncements(path: string): Set<string> {
  const text = readSmall(path, 'the changelog');
  const start = text.search(/^## /m);
  if (start < 0) throw new DiffInputError(`${path}: no "## " section (a changelog starts its unreleased changes with "## Unreleased")`);
  const rest = text.slice(start + 3);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const announced = new Set<string>();
  for (const line of section.split('\n')) {
    if (!/^\s*[-*] /.test(line) || !/breaking/i.test(line)) continue;
    for (const m of line.matchAll(/`(\/[^`]*)`/g)) announced.add(m[1] as string);
  }
  return announced;
}

/**
 * The provenance of the deepest object on `pointer` that declares one, following local `$ref`s
 * met on the way (an engine's pointer may run through an inlined reference).
 */
export function provenanceAt(doc: JsonObject, pointer: string): { source: ProvenanceSource | undefined; reason: string } {
  let found: { source: ProvenanceSource | undefined; reason: string } = { source: undefined, reason: '' };
  const follow = (n: Json | undefined): Json | undefined => {
    for (let i = 0; i < 16 && isObject(n) && typeof n.$ref === 'string' && n.$ref.startsWith('#/'); i++) n = ownAt(doc, decodeURIComponent(n.$ref.slice(1)));
    return n;
  };
  let node: Json | undefined = doc;
  for (const token of parsePointer(pointer)) {
    node = follow(node);
    if (isObject(node)) {
      const p = provenanceOf(node);
      if (p.source) found = p;
    }
    node = ownAt(node as Json, `/${escapeToken(token)}`);
    if (node === undefined) return found;
  }
  node = follow(node);
  if (isObject(node)) {
    const p = provenanceOf(node);
    if (p.source) found = p;
  }
  return found;
}

/** A parameter schema's keyword the kit's rules (./rules.ts) classify. */
const KIT_JUDGED = /\/parameters\/[^/]+\/schema\/(?:minimum|exclusiveMinimum|minLength|minItems|maximum|exclusiveMaximum|maxLength|maxItems|pattern|enum)$/;

/** Options of {@link diffContracts}. */
export interface DiffOptions {
  /** The engine; default the Optic engine (./optic.ts). */
  engine?: DiffEngine;
  /** Known breaking changes accepted. */
  allow?: readonly AllowEntry[];
  /**
   * Pointers a changelog announces as breaking ({@link readChangelogAnnouncements}). When given,
   * an allowed breaking change still fails unless announced too (the CI gate's rule).
   */
  announced?: ReadonlySet<string>;
}

/**
 * Compares OLD with NEW: the engine's changes, the kit's rules where the engine found nothing at
 * the same pointer, provenance, the allow-list.
 * @throws DiffInputError for an unreadable file or one the engine cannot parse.
 */
export async function diffContracts(beforePath: string, afterPath: string, options: DiffOptions = {}): Promise<DiffReport> {
  const before = readContract(beforePath);
  const after = readContract(afterPath);
  // Loaded on demand: Optic's libraries take seconds to load, and every other command of the CLI imports this module.
  const engine = options.engine ?? new (await import('./optic.js')).OpticEngine();
  let found;
  try {
    found = (await engine.diff(before, after)).map((c) => ({ ...c, by: engine.name }));
  } catch (e) {
    throw new DiffInputError(`${engine.name} cannot read the contracts: ${e instanceof Error ? e.message.split('\n')[0] : 'error'}`);
  }
  // The kit's rules judge request-parameter limits: the engine's raw (non-breaking) diffs of the same keywords give way.
  found = found.filter((c) => c.breaking || !KIT_JUDGED.test(c.pointer));
  const seen = new Set(found.map((c) => `${c.kind} ${c.pointer}`));
  for (const c of kitRules(before.document, after.document)) {
    const key = `${c.kind} ${c.pointer}`;
    if (seen.has(key)) continue; // a component parameter shared by several operations: once
    seen.add(key);
    found.push({ ...c, by: 'kit' });
  }
  const allow = options.allow ?? [];
  const changes: ContractChange[] = found.map((c) => {
    const doc = c.side === 'before' ? before.document : after.document;
    const { source, reason } = provenanceAt(doc, c.pointer);
    const change: ContractChange = { ...c, provenance: source, reason };
    const ok = c.breaking ? allow.find((a) => a.pointer === c.pointer && a.kind === c.kind) : undefined;
    if (ok && options.announced !== undefined && !options.announced.has(c.pointer)) change.message += ` (allowed, but not announced as breaking in the changelog: add a bullet naming \`${c.pointer}\`)`;
    else if (ok) change.allowed = ok.reason;
    return change;
  });
  changes.sort((a, b) => Number(b.breaking) - Number(a.breaking) || (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  const breaking = changes.filter((c) => c.breaking && c.allowed === undefined).length;
  const allowed = changes.filter((c) => c.breaking && c.allowed !== undefined).length;
  return { before: beforePath, after: afterPath, changes, summary: { breaking, allowed, nonBreaking: changes.length - breaking - allowed } };
}

/** The exit code a report calls for ({@link DIFF_EXIT}). */
export const diffExitCode = (report: DiffReport): number => (report.summary.breaking > 0 ? DIFF_EXIT.breaking : DIFF_EXIT.compatible);
