/**
 * Contract evolution (issue 32): the shapes of a breaking-change report between two OpenAPI 3.1
 * documents of the Resale Market Data API, and the interface every diff engine implements, so
 * the engine (today Optic's libraries) can be replaced without touching the CLI or the kit's rules.
 * §9 of the API description puts the version in the path and leaves the change policy open: a
 * change is breaking when a client written against OLD can fail against NEW.
 */
import type { JsonObject } from '../load.js';
import type { ProvenanceSource } from '../provenance.js';

/** Which side of the comparison a pointer names: `before` is OLD, `after` is NEW. */
export type DiffSide = 'before' | 'after';

/** One change between two contracts. */
export interface ContractChange {
  /** JSON Pointer (RFC 6901) into the document of {@link side}: `/paths/~1v3~1market_a~1products/get`. */
  pointer: string;
  /** The document the pointer is into. */
  side: DiffSide;
  /** What changed, a stable key (an allow-list names it): `operation-removed`, `request-maximum-tightened`, `added`, ... */
  kind: string;
  /** True when a client written against OLD can fail against NEW. */
  breaking: boolean;
  /** One line for people (`GET /v3/market_a/products: cannot remove an operation`); text of the documents is data. */
  message: string;
  /** Where the rule touched comes from (`x-section` → description, `x-source: production`, `x-source: decision`); undefined when no enclosing object says. */
  provenance: ProvenanceSource | undefined;
  /** The `x-section`, `x-production` or `x-decision` text of the nearest object that carries provenance; empty when none. */
  reason: string;
  /** Who found it: the engine's name or `kit` for this kit's own rules. */
  by: string;
  /** Set when an allow-list entry accepts this breaking change: its reason. */
  allowed?: string;
}

/** A parsed contract as an engine receives it: the path it was read from and its JSON value. */
export interface ContractInput {
  path: string;
  document: JsonObject;
}

/**
 * A diff engine: compares OLD with NEW and lists changes with JSON Pointers. It need not fill
 * provenance (the kit does, from the documents); it throws only on a document it cannot read.
 */
export interface DiffEngine {
  /** Short name, shown as {@link ContractChange.by}. */
  readonly name: string;
  /** The changes it finds; breaking ones must have `breaking: true`. */
  diff(before: ContractInput, after: ContractInput): Promise<EngineChange[]>;
}

/** A change as an engine reports it, before the kit adds provenance. */
export type EngineChange = Omit<ContractChange, 'provenance' | 'reason' | 'by' | 'allowed'>;

/** The whole report of `resale-kit diff`. */
export interface DiffReport {
  /** Paths of OLD and NEW as given. */
  before: string;
  after: string;
  /** Every change, breaking first, then by pointer. */
  changes: ContractChange[];
  /** Counts: breaking changes not allowed, allowed breaking changes, non-breaking changes. */
  summary: { breaking: number; allowed: number; nonBreaking: number };
}
