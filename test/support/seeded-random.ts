/**
 * The tests' seeded random numbers (mulberry32): the same seed gives the same
 * generated cases on every machine. Erasable TypeScript only: the fuzz worker
 * runs it in plain Node (through adversarial/rng.ts).
 */

/** mulberry32 over a 32-bit seed: uint32 values. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** mulberry32's values as floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}
