/**
 * Drift as an OpenAPI Overlay 1.0 document (https://spec.openapis.org/overlay/v1.0.0): one
 * `update` action per finding that the contract lacks (members, enum values, statuses, content
 * types, headers), each carrying `x-source: traffic` and `x-evidence` (how often it was seen),
 * the operations and the first example (redacted). Declared members never seen are listed in
 * the document's description only: their absence in traffic proves nothing. A reviewer reads it
 * and applies it with a standard overlay tool (`openapi-format openapi.yaml --overlayFile
 * drift.yaml`); the kit never applies it.
 */
import { stringify } from 'yaml';
import { markdownCode, parsePointer } from '../../contract/index.js';
import { terminalSafe } from '../../conformance/index.js';
import type { Drift } from './drift.js';

/** One Overlay 1.0 action as written here. */
export interface OverlayAction {
  /** JSONPath (RFC 9535) of the node the update merges into. */
  target: string;
  description: string;
  update: unknown;
  'x-source': 'traffic';
  /** Occurrences seen in the recording. */
  'x-evidence': number;
  'x-operations': string[];
  'x-example': string;
}

/** An Overlay 1.0 document. */
export interface OverlayDocument {
  overlay: '1.0.0';
  /** Overlay 1.0's info has a title and a version only; the rest goes in extensions. */
  info: { title: string; version: string; 'x-description': string };
  actions: OverlayAction[];
  /** Declared members never seen although their object was: where, on which operation, in how many objects. */
  'x-never-seen': { pointer: string; member: string; operation: string; objects: number }[];
  /** Findings whose name no overlay tool merges safely ({@link UNSAFE_OVERLAY_NAMES}): no action, to be added by hand. */
  'x-not-applied': { kind: string; pointer: string; name: string; reason: string; operations: string[] }[];
}

/** JSONPath of a JSON Pointer into the contract: `$.paths['/v3/...'].get.responses`. */
export function jsonPathOf(pointer: string): string {
  const tokens = parsePointer(pointer);
  return `$${tokens.map((t) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(t) ? `.${t}` : `['${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`)).join('')}`;
}

/** A schema for the JSON types seen (`integer` folded into `number` when both were seen). */
function schemaOf(types: readonly string[]): Record<string, unknown> {
  let t = [...new Set(types)];
  if (t.includes('integer') && t.includes('number')) t = t.filter((x) => x !== 'integer');
  if (t.length === 0) return {};
  return { type: t.length === 1 ? t[0] : t };
}

/**
 * The description of an action: the example is server text, so it is a code span (a renderer of
 * the contract's descriptions shows it, never runs it) with control, bidi and invisible
 * characters shown as escapes (attacker probe 6: `</script>` and U+009B were written as sent).
 */
const note = (d: Drift): string => `Seen ${d.count} times in traffic on ${d.operations.join(', ')}; first example: ${markdownCode(terminalSafe(d.example))}`;

/** The action that adds one finding to the contract, or undefined for `never-seen`. */
function actionOf(d: Drift): OverlayAction | undefined {
  const common = { 'x-source': 'traffic' as const, 'x-evidence': d.count, 'x-operations': d.operations, 'x-example': d.example };
  switch (d.kind) {
    case 'undeclared-member':
      return { target: jsonPathOf(d.pointer), description: `Add member ${d.name} (${d.at}). ${note(d)}`, update: { properties: { [d.name]: { ...schemaOf(d.types), description: note(d), 'x-source': 'traffic' } } }, ...common };
    case 'undeclared-enum-value':
      return { target: jsonPathOf(`${d.pointer}/enum`), description: `Add enum value ${d.name} (${d.at}). ${note(d)}`, update: [JSON.parse(d.name) as unknown], ...common };
    case 'undeclared-status': {
      const problem = /problem\+json/.test(d.mediaType ?? '');
      const content = d.mediaType ? { [d.mediaType]: { schema: problem ? { $ref: '#/components/schemas/ProblemDetails' } : schemaOf(d.types) } } : undefined;
      return {
        target: jsonPathOf(d.pointer),
        description: `Document status ${d.name}. ${note(d)}`,
        update: {
          [d.name]: {
            description: `Seen in traffic (${d.count} answers); describe when the service answers it.`,
            'x-source': 'traffic',
            ...(d.headers && d.headers.length > 0 ? { headers: Object.fromEntries(d.headers.map((h) => [h, { 'x-source': 'traffic', schema: { type: 'string' } }])) } : {}),
            ...(content ? { content } : {}),
          },
        },
        ...common,
      };
    }
    case 'undeclared-content-type':
      return { target: jsonPathOf(d.pointer), description: `Document content type ${d.name} for status ${d.status ?? ''}. ${note(d)}`, update: { content: { [d.name]: { schema: schemaOf(d.types) } } }, ...common };
    case 'undeclared-header':
      return {
        target: jsonPathOf(d.pointer),
        description: `Document response header ${d.name} (status ${d.status ?? ''}). ${note(d)}`,
        update: { headers: { [d.name]: { description: note(d), 'x-source': 'traffic', schema: { type: 'string' } } } },
        ...common,
      };
    default:
      return undefined;
  }
}

/**
 * Names an overlay tool cannot merge as written: a member `__proto__` is JavaScript's prototype
 * setter in a merge (`target[name] = ...`), so `openapi-format --overlayFile` (the README's
 * command) adds the finding's fields to the object above it instead (issue 29); a member `$ref`
 * is taken for a reference, and with it in the document that command applies no action at all.
 * Such findings get no action; they are listed under `x-not-applied` for a reviewer to add by
 * hand. Every other name tried (`constructor`, `a/b`, `a~b`, `a.b`, `[0]`, `*`, quotes, `yes`,
 * `null`, `~`, `:`, ...) round-trips exactly through that command (test/traffic/overlay-names.test.ts).
 */
export const UNSAFE_OVERLAY_NAMES: ReadonlySet<string> = new Set(['__proto__', '$ref']);

/** True when a finding names something (member, header, content type) no overlay tool can merge safely. */
const unsafe = (d: Drift): boolean => d.kind !== 'undeclared-enum-value' && UNSAFE_OVERLAY_NAMES.has(d.name);

/** The overlay document of a set of findings. */
export function overlayOf(found: readonly Drift[], source: string): OverlayDocument {
  const never = found.filter((d) => d.kind === 'never-seen');
  return {
    overlay: '1.0.0',
    info: {
      title: 'Drift between openapi.yaml and recorded traffic (resale-kit)',
      version: '1.0.0',
      'x-description': `Written by resale-kit conformance --drift from ${source}. Review each action before applying it; nothing was applied. Declared members never seen are listed under x-never-seen, without actions: their absence in this traffic proves nothing.`,
    },
    actions: found
      .filter((d) => !unsafe(d))
      .map(actionOf)
      .filter((a): a is OverlayAction => a !== undefined),
    'x-not-applied': found.filter(unsafe).map((d) => ({
      kind: d.kind,
      pointer: d.pointer,
      name: d.name,
      reason:
        d.name === '$ref'
          ? 'an overlay tool takes this name for a reference (and may then apply no action at all): add it by hand'
          : 'an overlay tool merges this name as the JavaScript prototype setter, changing another part of the contract: add it by hand',
      operations: d.operations,
    })),
    'x-never-seen': never.map((d) => ({ pointer: d.pointer, member: d.name, operation: d.operations[0] ?? '', objects: d.count })),
  };
}

/**
 * The overlay document as YAML text. The `yaml` package double-quotes a string holding a C1
 * control (U+0080–U+009F) but writes the character raw, which YAML 1.2 forbids (PyYAML refuses the
 * file): each is written as its `\\xNN` escape, which only a double-quoted scalar can hold, and
 * only such a scalar holds one.
 */
export const overlayYaml = (found: readonly Drift[], source: string): string => stringify(overlayOf(found, source), { lineWidth: 0 }).replace(/[\u0080-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);
