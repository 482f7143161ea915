/**
 * The Optic engine (`@useoptic/openapi-io`, `@useoptic/openapi-utilities`,
 * `@useoptic/standard-rulesets` 1.0.9, MIT) behind the kit's {@link DiffEngine}: parse with a
 * source map, denormalise (`$ref`s inlined under each operation), compare with the
 * `BreakingChangesRuleset`. Its failing rule results are the breaking changes; its raw diffs not
 * covered by one of them are reported as non-breaking. Known misses (tightened request
 * `minimum`/`maximum`/`maxLength`/`pattern`, see docs/contract-evolution.md) are covered by the
 * kit's rules (`./rules.ts`). Roughly 3-14 s and 165 MB per diff of this kit's contract.
 */
import { resolve as resolvePath } from 'node:path';
import { denormalize, dereferenceOpenApi, type ExternalRefHandler } from '@useoptic/openapi-io';
import { compareSpecs } from '@useoptic/openapi-utilities';
import { RuleRunner } from '@useoptic/rulesets-base';
import { BreakingChangesRuleset } from '@useoptic/standard-rulesets';
import type { ContractInput, DiffEngine, DiffSide, EngineChange } from './types.js';

/** Schema keywords a raw diff pointer may end with; the change is about the schema object above. */
const KEYWORD_TAILS = new Set([
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'const',
  'format',
  'required',
  'items',
  'description',
  'nullable',
  'default',
  'minItems',
  'maxItems',
]);

/** `prevent operation removal` → `operation-removal`: a stable kind key from an Optic rule name. */
export const kindOfRule = (name: string): string =>
  name
    .replace(/^prevent /i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The last two tokens of a pointer, with a trailing schema keyword dropped: what a raw diff and a rule result at another path have in common. */
function tail(pointer: string): string {
  const tokens = pointer.split('/');
  if (tokens.length > 3 && /^\d+$/.test(tokens[tokens.length - 1] ?? '')) tokens.pop();
  if (tokens.length > 3 && (KEYWORD_TAILS.has(tokens[tokens.length - 1] ?? '') || tokens[tokens.length - 1] === 'required')) tokens.pop();
  return tokens.slice(-2).join('/');
}

/** True when a raw diff at `pointer` is the same change as a breaking result at one of `breaking` (component vs inlined pointers). */
const coveredBy = (pointer: string, breaking: readonly string[]): boolean => {
  const t = tail(pointer);
  return breaking.some((b) => b === pointer || b.endsWith(`/${t}`) || b.includes(`/${t}/`));
};

/** What `compareSpecs` takes; its typings want a serialised source map the comparison itself never reads. */
type OpticSpec = Parameters<typeof compareSpecs>[0];

/**
 * Denormalises one document (`$ref`s inlined under each operation). Optic is given the document
 * the kit read and checked (`readContract`: YAML 1.1 merge keys applied, every `$ref` local), as
 * JSON, through a reader that answers for that one path and refuses every other file or URL: it
 * never reads the file again its own way (attacker 8: js-yaml without merge keys saw a remote
 * `$ref` a `<<` had hidden from the check, and fetched it). The path is made absolute (Optic's
 * source map fails on a relative one).
 */
async function load(input: ContractInput): Promise<OpticSpec> {
  const version = typeof input.document.openapi === 'string' && input.document.openapi.startsWith('3.0') ? '3.0.x' : '3.1.x';
  const root = resolvePath(input.path);
  const text = JSON.stringify(input.document);
  const onlyThisDocument: ExternalRefHandler = {
    order: 1,
    canRead: () => true,
    read: ({ url }) => (url === root || safeDecode(url) === root ? Promise.resolve(text) : Promise.reject(new Error('the diff reads one self-contained contract and never another file or URL'))),
  };
  const parsed = denormalize(await dereferenceOpenApi(root, { externalRefHandler: onlyThisDocument }), version);
  return { ...parsed, isEmptySpec: false } as unknown as OpticSpec;
}

/** A URL's path decoded, or the text itself when it does not decode. */
function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** Optic's engine; see the module comment. */
export class OpticEngine implements DiffEngine {
  readonly name = 'optic';

  /** @throws Error when Optic cannot parse either file (the CLI turns it into exit 2). */
  async diff(before: ContractInput, after: ContractInput): Promise<EngineChange[]> {
    const from = await load(before);
    const to = await load(after);
    const result = await compareSpecs(from, to, new RuleRunner([new BreakingChangesRuleset()]), {});
    const out: EngineChange[] = [];
    const failed = result.results.filter((r) => !r.passed && !r.exempted);
    // A removed operation fails every rule on every member under it: keep the removal only.
    const removedOps = failed.filter((r) => r.type === 'removed' && /^\/paths\/[^/]+\/[a-z]+$/.test(r.location.jsonPath)).map((r) => r.location.jsonPath);
    const seen = new Set<string>();
    for (const r of failed) {
      const pointer = r.location.jsonPath;
      if (removedOps.some((op) => pointer !== op && pointer.startsWith(`${op}/`))) continue;
      const kind = kindOfRule(r.name ?? r.type);
      const key = `${kind} ${pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const side: DiffSide = r.location.spec === 'before' ? 'before' : 'after';
      out.push({ pointer, side, kind, breaking: true, message: `${r.where}: ${r.error ?? kind}` });
    }
    const breakingPointers = out.map((c) => c.pointer);
    for (const d of result.diffs) {
      const pointer = d.after ?? d.before;
      if (pointer === undefined) continue;
      if (coveredBy(pointer, breakingPointers) || removedOps.some((op) => pointer.startsWith(`${op}/`) || pointer === op)) continue;
      const kind = d.after === undefined ? 'removed' : d.before === undefined ? 'added' : 'changed';
      const key = `${kind} ${pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ pointer, side: d.after === undefined ? 'before' : 'after', kind, breaking: false, message: `${kind}: ${pointer}` });
    }
    return out;
  }
}
