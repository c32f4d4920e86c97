/** Failures injected at every twelfth step of each environment operation (the rest: faults.slow.test.ts). */
import { faultSuite } from "./fault-suite.js";

faultSuite("fast");
