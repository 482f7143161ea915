/**
 * The connection gate (contract/connections.ts) on fake sockets and answers: answers start in
 * request order and never more than the bounds at once; the socket is paused while requests
 * wait, node's own resumes are held meanwhile, and it is resumed once nothing waits; past
 * `maxWaiting` the connection is destroyed; a closed connection starts nothing more.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ConnectionGate } from '../../contract/index.js';

/** A socket that counts pauses, resumes (its own, not the gate's) and destroys. */
class FakeSocket extends EventEmitter {
  paused = false;
  resumes = 0;
  destroyed = false;
  pause(): this {
    this.paused = true;
    return this;
  }
  resume(): this {
    this.paused = false;
    this.resumes++;
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    this.emit('close');
    return this;
  }
}

/** An answer that ends when the test says so. */
const answer = (): EventEmitter & { end: () => void } =>
  Object.assign(new EventEmitter(), {
    end(this: EventEmitter) {
      this.emit('close');
    },
  });

describe('ConnectionGate', () => {
  it('starts at most maxInFlight answers, in order; pauses the socket meanwhile, holds other resumes, resumes when nothing waits', () => {
    const gate = new ConnectionGate({ maxInFlight: 2, maxUnreadBytes: 1 << 20, maxWaiting: 100 });
    const socket = new FakeSocket();
    const started: number[] = [];
    const answers = Array.from({ length: 5 }, answer);
    answers.forEach((a, i) => gate.admit(socket, a, () => started.push(i)));
    expect(started).toEqual([0, 1]);
    expect(socket.paused).toBe(true);
    expect(gate.waiting).toBe(3);
    // node:http resumes after each answer; the gate holds that while requests wait.
    socket.resume();
    expect(socket.paused).toBe(true);
    answers[0]?.end();
    expect(started).toEqual([0, 1, 2]);
    answers[1]?.end();
    answers[2]?.end();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.waiting).toBe(0);
    expect(socket.paused).toBe(false);
  });

  it('counts the bytes charged to started answers', () => {
    const gate = new ConnectionGate({ maxInFlight: 100, maxUnreadBytes: 1000, maxWaiting: 100 });
    const socket = new FakeSocket();
    const started: number[] = [];
    const answers = Array.from({ length: 3 }, answer);
    answers.forEach((a, i) =>
      gate.admit(socket, a, () => {
        started.push(i);
        gate.charge(a, 1500);
      }),
    );
    expect(started).toEqual([0]);
    answers[0]?.end();
    expect(started).toEqual([0, 1]);
  });

  it('destroys a connection with more than maxWaiting requests waiting, and starts nothing after it closed', () => {
    const gate = new ConnectionGate({ maxInFlight: 1, maxUnreadBytes: 1 << 20, maxWaiting: 3 });
    const socket = new FakeSocket();
    const started: number[] = [];
    const answers = Array.from({ length: 6 }, answer);
    answers.forEach((a, i) => gate.admit(socket, a, () => started.push(i)));
    expect(socket.destroyed).toBe(true);
    expect(gate.waiting).toBe(0);
    answers[0]?.end();
    expect(started).toEqual([0]);
  });

  it('connections are independent: one held connection does not delay another', () => {
    const gate = new ConnectionGate({ maxInFlight: 1, maxUnreadBytes: 1 << 20, maxWaiting: 100 });
    const greedy = new FakeSocket();
    const other = new FakeSocket();
    const started: string[] = [];
    for (let i = 0; i < 10; i++) gate.admit(greedy, answer(), () => started.push(`g${i}`));
    gate.admit(other, answer(), () => started.push('other'));
    expect(started).toEqual(['g0', 'other']);
    expect(other.paused).toBe(false);
  });
});

describe('ConnectionGate: held connections', () => {
  it('a connection whose requests wait while no answer finishes for stallMs is destroyed; one that reads is not', () => {
    vi.useFakeTimers();
    try {
      const gate = new ConnectionGate({ maxInFlight: 1, maxUnreadBytes: 1 << 20, maxWaiting: 100, stallMs: 1000 });
      const stuck = new FakeSocket();
      const reading = new FakeSocket();
      const readingAnswers = Array.from({ length: 4 }, answer);
      for (let i = 0; i < 3; i++) gate.admit(stuck, answer(), () => undefined);
      readingAnswers.forEach((a) => gate.admit(reading, a, () => undefined));
      vi.advanceTimersByTime(600);
      readingAnswers[0]?.end();
      vi.advanceTimersByTime(600);
      expect(stuck.destroyed).toBe(true);
      expect(reading.destroyed).toBe(false);
      readingAnswers[1]?.end();
      readingAnswers[2]?.end();
      readingAnswers[3]?.end();
      // Nothing waits any more: no timer is armed, the connection lives on.
      vi.advanceTimersByTime(5000);
      expect(reading.destroyed).toBe(false);
      expect(gate.waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
