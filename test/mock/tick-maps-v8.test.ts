/**
 * In a node started with `--expose-gc --allow-natives-syntax`: the records mocks/http/tick-maps.ts
 * keeps share their hidden class (map) with the records node's `process.nextTick` makes after a
 * memory-reducing collection (`gc({ flavor: 'last-resort' })`, the kind V8's memory reducer runs),
 * so nextTick's inline caches stay valid (issue 33; bench/ageing.ts measures the effect). A record
 * of another kind does not share it (the check can fail).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const SCRIPT = `
import { createHook } from 'node:async_hooks';
import { retainTickMaps, tickMapsKept } from './mocks/http/tick-maps.ts';
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
let got = [];
const hook = createHook({ init(id, type, trigger, resource) { if (type === 'TickObject') got.push(resource); } });
const fresh = (...args) => { got = []; hook.enable(); process.nextTick(() => {}, ...args); hook.disable(); return got[0]; };
const release = retainTickMaps();
for (let i = 0; i < 3; i++) gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const kept = tickMapsKept().kept;
const out = {
  kept: kept.length,
  none: sameMap(kept[0], fresh()),
  one: sameMap(kept[1], fresh(1)),
  two: sameMap(kept[2], fresh(1, 2)),
  other: sameMap(kept[0], { callback: () => {}, args: undefined }),
};
release();
console.log(JSON.stringify(out));
`;

it("the kept nextTick records have the map of node's records after a memory-reducing collection", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8', timeout: 60_000 });
  expect(JSON.parse(stdout.trim().split('\n').pop() as string)).toEqual({ kept: 3, none: true, one: true, two: true, other: false });
}, 90_000);
