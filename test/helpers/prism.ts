/** Prism for tests: the benchmark's launcher (bench/targets.ts), shaped as tests use it. */
import { startPrism as start } from '../../bench/targets.js';

export { freePort } from '../../bench/targets.js';

/** A running Prism mock: its base URL and a stop function. */
export interface PrismHandle {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts Prism mocking openapi.yaml on a free loopback port. */
export async function startPrism(timeoutMs = 45_000): Promise<PrismHandle> {
  const t = await start(timeoutMs);
  return { baseUrl: t.baseUrl, stop: t.stop };
}
