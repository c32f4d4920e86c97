/**
 * A small seeded random generator for the adversarial suite. Every case gets
 * its own generator derived from (seed, kind, index), so one case can be
 * replayed alone and adding cases of one kind never changes another kind's.
 *
 * The seed is fixed in CI (DEFAULT_SEED); `ODS_FUZZ_SEED=<n>` chooses another.
 * Erasable TypeScript only: the fuzz worker runs this file in plain Node.
 */

import { mulberry32 } from "../seeded-random.js";

export const DEFAULT_SEED = 20261130;

/** The seed of this run: ODS_FUZZ_SEED (decimal or 0x hex) or the fixed one. */
export function fuzzSeed(env: Record<string, string | undefined> = process.env): number {
  const text = env.ODS_FUZZ_SEED?.trim();
  if (!text) return DEFAULT_SEED;
  const value = text.startsWith("0x") ? Number.parseInt(text.slice(2), 16) : Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`ODS_FUZZ_SEED is \`${text}\`; give a non-negative integer.`);
  }
  return value >>> 0;
}

/** FNV-1a over the parts' text: a 32-bit salt. */
function hash32(parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

export class Rng {
  private readonly uint32: () => number;

  constructor(seed: number) {
    this.uint32 = mulberry32(seed >>> 0 || 0x9e3779b9);
  }

  /** mulberry32: a uint32. */
  next(): number {
    return this.uint32();
  }

  /** [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    if (n <= 0) throw new Error(`Rng.int(${n})`);
    return Math.floor(this.float() * n);
  }

  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("Rng.pick of an empty list");
    return list[this.int(list.length)] as T;
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let x = this.float() * total;
    for (const [value, w] of table) {
      x -= w;
      if (x < 0) return value;
    }
    return table[table.length - 1]![0];
  }

  /** A short identifier-like string, never a real id of a fixture. */
  word(length = 8): string {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_";
    let out = "zz";
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

/** The generator of one case: the same (seed, kind, index) always gives the same case. */
export function caseRng(seed: number, kind: string, index: number): Rng {
  return new Rng(hash32([seed, kind, index]));
}
