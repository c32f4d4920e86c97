/** Failures injected at every twelfth step of each environment operation (the rest: faults-first-half.slow.test.ts and faults-second-half.slow.test.ts). */
import { faultSuite } from "./fault-suite.js";
import { lifecycleFaultScenarios } from "./lifecycle-fault-scenarios.js";

faultSuite("fast");
lifecycleFaultScenarios("fast");
