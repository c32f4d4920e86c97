/** The state-faults lock test (it waits out the CLI's real 10 s busy timeout), left out of state-faults.adv.test.ts: CI runs both. */
import { stateFaultsSuite } from "./state-faults-suite.js";

stateFaultsSuite("waits");
