/**
 * The generators' seeded random numbers (xorshift32): the same seed gives the
 * same projects, artifacts and snapshots on every machine. Changing it changes
 * every generated file (fixtures/shop, the bench's artifacts).
 */

/** Floats in [0, 1). */
export type Random = () => number;

/** xorshift32 over a 32-bit seed (0 is taken as 1), as floats in [0, 1). */
export function xorshift32(seed: number): Random {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}
