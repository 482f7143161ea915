/**
 * Keeps alive a few of node's `process.nextTick` records, so that V8 cannot drop their hidden
 * classes (maps) in a memory-reducing garbage collection (issue 33, the serving path).
 *
 * Why: V8's memory reducer runs a "Mark-Compact (reduce)" 100 s after the last mark-compact (its
 * watchdog), and such a collection keeps no map that no live object has. While the server is idle
 * no tick record is alive, so the maps of the record `process.nextTick` builds (an object literal
 * with two symbol keys, node's lib/internal/process/task_queues.js) are dropped; every nextTick
 * afterwards went through V8's runtime. node:http calls nextTick several times per request.
 * Measured on node 20, pinned, B4 rounds alternating with the bare node:http limit
 * (bench/ageing.ts): nextTick's share of the mock's busy time went from 1.3 % to 9.9 % after the
 * collection at 105 s (`--cpu-prof`), the mock's CPU per request rose 15–25 % for good, and a limit
 * server given a 40 MB heap did the same (nextTick 1.9 % to 12.1 %). With the records kept, a
 * B4-only run stayed at 84–91 % of the limit after the collection (89–90 % before); a full run of
 * every scenario still slows after its collections (other maps, not found precisely;
 * bench/RESULTS.md, "the process ages").
 *
 * How: an async hook, enabled only while three `process.nextTick` calls are made, receives their
 * records (`init(..., 'TickObject', ..., resource)`: the resource is the record itself); they are
 * kept, and replaced every {@link TICK_MAPS_REFRESH_MS} by fresh ones (so a map V8 has replaced
 * since, after a field changed representation, is held too). The timer is unref'd: it never keeps
 * the process alive. Node only (`node:async_hooks`); the MSW handlers and the core do not use it.
 */
import { createHook } from 'node:async_hooks';

/** How often the kept records are replaced by fresh ones, in milliseconds (well under V8's 100 s watchdog). */
export const TICK_MAPS_REFRESH_MS = 10_000;

/** The process-wide state: the kept records, the refresh timer, and how many listeners asked for it. */
const state: { kept: object[]; timer: ReturnType<typeof setInterval> | undefined; holders: number } = { kept: [], timer: undefined, holders: 0 };

let collecting: object[] | undefined;
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (collecting !== undefined && type === 'TickObject' && typeof resource === 'object' && resource !== null) collecting.push(resource);
  },
});
const noop = (): void => undefined;

/** Replaces the kept records with three fresh ones (no argument, one, two: the shapes node:http schedules). */
function capture(): void {
  const fresh: object[] = [];
  collecting = fresh;
  hook.enable();
  try {
    process.nextTick(noop);
    process.nextTick(noop, 1);
    process.nextTick(noop, 1, 2);
  } finally {
    hook.disable();
    collecting = undefined;
  }
  state.kept = fresh;
}

/**
 * Starts keeping tick records for one holder (a listening server), or joins the keeping already
 * running. Call the returned function once when the holder stops (its server closed); the records
 * and the timer are released when the last holder has.
 * @returns the release function (idempotent).
 */
export function retainTickMaps(): () => void {
  state.holders++;
  if (state.holders === 1) {
    capture();
    state.timer = setInterval(capture, TICK_MAPS_REFRESH_MS);
    state.timer.unref();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.holders--;
    if (state.holders === 0) {
      clearInterval(state.timer);
      state.timer = undefined;
      state.kept = [];
    }
  };
}

/** The records kept now and the number of holders (for tests). */
export function tickMapsKept(): { kept: readonly object[]; holders: number } {
  return { kept: state.kept, holders: state.holders };
}
