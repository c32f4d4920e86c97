/**
 * Failures injected at the steps faults.adv.test.ts leaves out, on the second
 * half of the targets (the 2nd, 4th…; the others:
 * faults-first-half.slow.test.ts). CI runs all three files, so every step
 * is tried on every engine.
 */
import { faultSuite } from "./fault-suite.js";
import { lifecycleFaultScenarios } from "./lifecycle-fault-scenarios.js";

const shard = { index: 1, of: 2 };
faultSuite("rest", shard);
lifecycleFaultScenarios("rest", shard);
