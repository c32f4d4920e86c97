/**
 * Failures injected at the steps faults.adv.test.ts leaves out, on the first
 * half of the targets (the 1st, 3rd, 5th…; the others:
 * faults-second-half.slow.test.ts). CI runs all three files, so every step
 * is tried on every engine.
 */
import { faultSuite } from "./fault-suite.js";
import { lifecycleFaultScenarios } from "./lifecycle-fault-scenarios.js";

const shard = { index: 0, of: 2 };
faultSuite("rest", shard);
lifecycleFaultScenarios("rest", shard);
