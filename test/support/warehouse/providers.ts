/**
 * The cloud providers the conformance suite simulates on DuckDB
 * (simulated-provider.ts): each one's statements, how its catalog names a
 * table and a view, and the statements its parser can't read though the
 * vendor takes them (named and explained in its statement tests).
 */
import type { SimulatedProvider } from "./simulated-provider.js";

export const SIMULATED_PROVIDERS: readonly SimulatedProvider[] = [];
