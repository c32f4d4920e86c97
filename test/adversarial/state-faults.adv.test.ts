/** The state database under faults, but the lock test that waits out the real busy timeout (state-faults.slow.test.ts). */
import { stateFaultsSuite } from "./state-faults-suite.js";

stateFaultsSuite("fast");
