/**
 * mocks/http/tick-maps.ts: a listening mock keeps a few of node's `process.nextTick` records alive
 * (so V8's memory-reducing collection cannot drop their maps) and lets them go when it closes.
 * test/mock/tick-maps-v8.test.ts checks, in a node started with V8's natives, that the kept
 * records share their map with the records node makes after such a collection.
 */
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mocks/index.js';
import { retainTickMaps, tickMapsKept } from '../../mocks/http/tick-maps.js';

describe('retainTickMaps', () => {
  it('keeps three nextTick records (no argument, one, two) while held, and releases them with the last holder', () => {
    const before = tickMapsKept().holders;
    const release = retainTickMaps();
    const { kept, holders } = tickMapsKept();
    expect(holders).toBe(before + 1);
    expect(kept).toHaveLength(3);
    // node's record: { [async_id_symbol], [trigger_async_id_symbol], callback, args }.
    const args = kept.map((r) => (r as { args?: unknown[] }).args);
    expect(args).toEqual([undefined, [1], [1, 2]]);
    for (const r of kept) {
      expect(typeof (r as { callback?: unknown }).callback).toBe('function');
      expect(Object.getOwnPropertySymbols(r)).toHaveLength(2);
    }
    const second = retainTickMaps();
    expect(tickMapsKept().holders).toBe(before + 2);
    release();
    release(); // idempotent
    expect(tickMapsKept().holders).toBe(before + 1);
    second();
    expect(tickMapsKept().holders).toBe(before);
    if (before === 0) expect(tickMapsKept().kept).toHaveLength(0);
  });

  it('a listening mock holds them, and lets go when it closes', async () => {
    const before = tickMapsKept().holders;
    const { server } = await createMockServer({ products: 200, now: Date.UTC(2026, 0, 15), host: '127.0.0.1', port: 0 }).listen();
    expect(tickMapsKept().holders).toBe(before + 1);
    expect(tickMapsKept().kept.length).toBe(3);
    await new Promise<void>((done) => (server as Server).close(() => done()));
    expect(tickMapsKept().holders).toBe(before);
  });

  it('process.nextTick works as before while records are kept (the hook is enabled only to collect them)', async () => {
    const release = retainTickMaps();
    const seen: number[] = [];
    await new Promise<void>((done) =>
      process.nextTick(
        (a: number, b: number) => {
          seen.push(a, b);
          done();
        },
        1,
        2,
      ),
    );
    release();
    expect(seen).toEqual([1, 2]);
  });
});
