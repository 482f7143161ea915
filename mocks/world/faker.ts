/**
 * The data world's Faker: @faker-js/faker with a seedable sfc32 randomizer instead of the
 * default Mersenne Twister, whose re-seeding costs about 30 µs. Every product re-seeds it from
 * (seed, marketplace, product), so each product's text and dates are derived on their own.
 */
import { Faker, base, en, type Randomizer } from '@faker-js/faker';
import { Rng } from './random.js';

/** Faker calls the randomizer's methods unbound, so they close over their state. */
function sfcRandomizer(): Randomizer {
  let rng = new Rng(0);
  return {
    next: () => rng.next(),
    seed: (seed: number | number[]) => {
      rng = new Rng(...(Array.isArray(seed) ? seed : [seed]));
    },
  };
}

const faker = new Faker({ locale: [en, base], randomizer: sfcRandomizer() });

/** The shared Faker instance, re-seeded with `parts`. Use it synchronously, then let go. */
export function seededFaker(...parts: number[]): Faker {
  faker.seed(parts);
  return faker;
}
