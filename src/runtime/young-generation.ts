/**
 * Sets V8's young generation to 8 MB for the life of the process and keeps
 * it there.
 *
 * Reading a manifest builds a model that lives for the whole step (about as
 * big as the file) out of a stream of short-lived parse objects. Left to
 * itself, V8 grows the young generation whenever enough objects survive it,
 * so by the end of a 100 MB manifest it has grown to its maximum (128 MB on
 * a 64-bit runner) and the step's peak memory is that much higher, for no
 * gain: what survives is promoted either way. Held at its starting size
 * (1 MB) instead, it is collected every megabyte of allocation, about 550
 * times for a 10,000-node manifest, and the fixed cost of each collection
 * made up a fifth of the plan's time. 8 MB costs about 8 MB of memory and
 * collects an eighth as often (bench/README.md, "Young generation").
 *
 * V8 flags set at run time are the only way an action can tune its own heap
 * (the runner starts `node dist/main/index.js` with no flags), and the young
 * generation's size is fixed when the process starts. What V8 reads each time
 * it considers growing the young generation is the growth factor. So this
 * lets it grow (factor 2) while objects that survive are allocated, until it
 * reaches 8 MB, then sets the factor to 1: it never grows again.
 * test/runtime/young-generation.int.test.ts holds the Node version the action
 * runs on to that. It takes a few milliseconds.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** The young generation's size (one semi-space), in bytes. */
const YOUNG_GENERATION_BYTES = 8 * 2 ** 20;

/** At most this many objects are allocated to make it grow (about 20 MB): a V8 that doesn't grow it isn't waited for. */
const MAX_OBJECTS = 600_000;

export function fixYoungGeneration(): void {
  setFlagsFromString("--semi-space-growth-factor=2");
  // Objects that survive collections make V8 grow the young generation; they are garbage afterwards.
  let survivors: Array<{ index: number }> | null = [];
  for (let index = 0; index < MAX_OBJECTS && youngGenerationBytes() < YOUNG_GENERATION_BYTES; ) {
    for (const end = index + 2_000; index < end; index++) survivors.push({ index });
  }
  survivors = null;
  setFlagsFromString("--semi-space-growth-factor=1");
}

/** The size of the young generation's semi-space, in bytes. */
function youngGenerationBytes(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === "new_space") return space.space_size;
  return 0;
}
