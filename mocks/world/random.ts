/**
 * Deterministic randomness for the data world: string/number hashing, a small fast PRNG for
 * the hot paths (sales), Poisson and normal draws, and keyed bijections (Feistel over 32 bits,
 * affine over [0, n)) that make ids invertible without lookup tables. Pure integer and IEEE
 * arithmetic only, so the same seed gives the same values on any machine.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes 32-bit integers into one well-spread 32-bit hash (murmur3 finaliser per step). */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    let k = Math.imul(p | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform float in [0, 1) from a 32-bit hash. */
export function unit(hash: number): number {
  return hash / 4294967296;
}

/**
 * A small, fast PRNG (sfc32) for loops that draw many values (the sales of one day).
 * Seeded from 32-bit integers; `next()` is a float in [0, 1).
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seed: number[]) {
    this.a = mix(1, ...seed);
    this.b = mix(2, ...seed);
    this.c = mix(3, ...seed);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform unsigned 32-bit integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** A uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A standard normal draw (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A Poisson draw with mean `lambda` (Knuth below 30, normal approximation above). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

/**
 * Index of a weighted choice: `weights` need not sum to 1.
 * @param r a uniform float in [0, 1).
 */
/**
 * A weighted pick over fixed weights with the running sums computed once: `pick(r)` picks as
 * `weighted(weights, r)` does (up to floating-point rounding at a boundary), without summing
 * the weights on every call (hot paths).
 */
export class Picker {
  private readonly bounds: Float64Array;

  constructor(weights: readonly number[]) {
    let total = 0;
    for (const w of weights) total += w;
    this.bounds = new Float64Array(weights.length);
    let acc = 0;
    weights.forEach((w, i) => {
      acc += w;
      this.bounds[i] = acc / total;
    });
  }

  /** The index picked by a uniform draw r in [0, 1). */
  pick(r: number): number {
    const b = this.bounds;
    for (let i = 0; i < b.length; i++) if (r < (b[i] as number)) return i;
    return b.length - 1;
  }
}

export function weighted(weights: readonly number[], r: number): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = r * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** A keyed bijection on unsigned 32-bit integers (4-round Feistel on 16-bit halves). */
export class Feistel32 {
  private readonly keys: number[];

  constructor(key: number) {
    this.keys = [mix(key, 1), mix(key, 2), mix(key, 3), mix(key, 4)];
  }

  private round(half: number, k: number): number {
    return mix(half, k) & 0xffff;
  }

  /** Encrypts a 32-bit value. */
  encode(value: number): number {
    let l = (value >>> 16) & 0xffff;
    let r = value & 0xffff;
    for (const k of this.keys) {
      const next = l ^ this.round(r, k);
      l = r;
      r = next;
    }
    return ((l << 16) | r) >>> 0;
  }

  /** Inverse of {@link encode}. */
  decode(value: number): number {
    let l = (value >>> 16) & 0xffff;
    let r = value & 0xffff;
    for (let i = this.keys.length - 1; i >= 0; i--) {
      const prev = r ^ this.round(l, this.keys[i] as number);
      r = l;
      l = prev;
    }
    return ((l << 16) | r) >>> 0;
  }
}

/**
 * A keyed bijection on [0, n): `i -> (a*i + b) mod n` with `gcd(a, n) = 1`. Used to scatter
 * marketplace B ids over their range. n must be below 2^26 so products stay exact doubles.
 */
export class Affine {
  readonly n: number;
  private readonly a: number;
  private readonly b: number;
  private readonly aInv: number;

  constructor(n: number, key: number) {
    this.n = n;
    let a = n > 2 ? (mix(key, 11) % (n - 1)) + 1 : 1;
    while (gcd(a, n) !== 1) a = (a % (n - 1)) + 1;
    this.a = a;
    this.b = n > 0 ? mix(key, 12) % n : 0;
    this.aInv = modInverse(a, n);
  }

  /** Maps i in [0, n) to its image. */
  encode(i: number): number {
    return (mulMod(this.a, i, this.n) + this.b) % this.n;
  }

  /** Inverse of {@link encode}. */
  decode(y: number): number {
    return mulMod(this.aInv, (((y - this.b) % this.n) + this.n) % this.n, this.n);
  }
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** (a*b) mod n, exact while a, b < n < 2^26 (the product stays below 2^52). */
function mulMod(a: number, b: number, n: number): number {
  return (a * b) % n;
}

function modInverse(a: number, n: number): number {
  if (n <= 1) return 0;
  let [oldR, r] = [a, n];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % n) + n) % n;
}
