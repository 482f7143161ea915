/**
 * One rate limit for a multi-process mock (`--workers N --rate-limit ...`): the node:cluster
 * primary holds the only {@link RateLimiter}; each worker asks it over the cluster's IPC
 * channel before answering an API request. The limit therefore holds for the whole server,
 * exactly (the primary counts every request in arrival order), at the cost of one IPC round
 * trip per API request, and only when both options are set.
 */
import cluster from 'node:cluster';
import { RateLimiter, type LimitDecision, type RateLimit } from './rate-limit.js';

const TYPE = 'resale-kit:rate-limit';
/** How long a worker waits for the primary (ms) before answering on its own (request allowed). */
export const PRIMARY_TIMEOUT_MS = 2000;

interface Ask {
  type: typeof TYPE;
  id: number;
  caller: string;
}
interface Reply {
  type: typeof TYPE;
  id: number;
  decision: LimitDecision;
}

const isAsk = (m: unknown): m is Ask => typeof m === 'object' && m !== null && (m as Ask).type === TYPE && typeof (m as Ask).caller === 'string';
const isReply = (m: unknown): m is Reply => typeof m === 'object' && m !== null && (m as Reply).type === TYPE && typeof (m as Reply).id === 'number';

/**
 * In the primary: answers every worker's rate-limit questions from one limiter.
 * @param limit the server-wide limit (requests per window, window in ms).
 */
export function serveRateLimitFromPrimary(limit: RateLimit): RateLimiter {
  const limiter = new RateLimiter(limit);
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply: Reply = { type: TYPE, id: message.id, decision: limiter.take(message.caller) };
    worker.send(reply);
  });
  return limiter;
}

/**
 * In a worker: a function that asks the primary to count one request of `caller`.
 * Resolves to the primary's decision; to `{ allowed: true }` when the primary does not answer
 * within {@link PRIMARY_TIMEOUT_MS} (a stuck primary must not stop the server answering).
 */
export function askPrimary(): (caller: string) => Promise<LimitDecision> {
  let next = 0;
  const pending = new Map<number, (d: LimitDecision) => void>();
  process.on('message', (message: unknown) => {
    if (!isReply(message)) return;
    const done = pending.get(message.id);
    pending.delete(message.id);
    done?.(message.decision);
  });
  return (caller) =>
    new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ allowed: true });
      }, PRIMARY_TIMEOUT_MS);
      timer.unref();
      pending.set(id, (d) => {
        clearTimeout(timer);
        resolve(d);
      });
      const ask: Ask = { type: TYPE, id, caller };
      process.send?.(ask);
    });
}
