/** Failures injected at the steps faults.adv.test.ts leaves out: CI runs both, so every step is tried. */
import { faultSuite } from "./fault-suite.js";
import { lifecycleFaultScenarios } from "./lifecycle-fault-scenarios.js";

faultSuite("rest");
lifecycleFaultScenarios("rest");
