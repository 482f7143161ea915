/**
 * Public surface of the mock: the server, its transport-free core, its options, and the data
 * world for tools that want the data without HTTP.
 */
export { createMockServer } from './http/server.js';
export type { AdapterOptions, MockServer, RequestHandler } from './http/server.js';
export type { SharedLimiter } from './http/limit-stores.js';
export { createMockCore } from './http/core.js';
export type { MockCore } from './http/core.js';
export type { MockRequest, MockResponse } from './http/response.js';
export { CLI_PORT, WORLD_CACHE_MIN, resolveMockOptions, mockDefaults, parseKey, parseLatency, parseNow, parseRateLimit, parseRateLimitStore, rateLimitStoreOf, shownKey, OptionError, DEMO_KEYS, TIERS } from './options.js';
export type { MockOptions, RateLimitStore, Tier } from './options.js';
export type { RecordedAnswer, ReplaySource } from './replay.js';
export { createWorld, seedNumber } from './world/world.js';
export { encodeWorld, restoreWorld, snapshotKey, SnapshotProblem, SNAPSHOT_FORMAT, type SnapshotKey } from './world/snapshot.js';
export type { World, WorldOptions } from './world/world.js';
export { MUTANTS, MUTANT_NAMES, mutantNamed } from './mutants.js';
export type { Mutant } from './mutants.js';
export { DataFileError, PRODUCTS_FILE_SCHEMA_ID, productsFileSchema } from './data/products-file.js';
export type { DataFileIssue, DataFileSource } from './data/products-file.js';
