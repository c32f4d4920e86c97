/**
 * Keeps V8's young generation at its starting size for the life of the
 * process.
 *
 * Reading a manifest builds a model that lives for the whole step (about as
 * big as the file) out of a stream of short-lived parse objects. V8 grows
 * the young generation whenever enough objects survive it, so by the end of
 * a 100 MB manifest it has grown to its maximum (128 MB on a 64-bit runner)
 * and the step's peak memory is that much higher, for no gain: what
 * survives is promoted either way. With a growth factor of 1 the young
 * generation stays at its initial size; the step's time is unchanged
 * (bench/RESULTS.md) and its peak RSS falls by about a third.
 *
 * A V8 flag set at run time: the only way an action can tune its own heap
 * (the runner starts `node dist/main/index.js` with no flags). V8 reads this
 * one each time it considers growing the young generation, so setting it
 * after start-up takes effect; test/runtime/young-generation.test.ts holds
 * the Node version the action runs on to that.
 */
import { setFlagsFromString } from "node:v8";

export function keepYoungGenerationSmall(): void {
  setFlagsFromString("--semi-space-growth-factor=1");
}
