/** The service faults @actions/cache retries with its own back-off (about 30 s each) that services-faults.adv.test.ts leaves out: CI runs both. */
import { servicesFaultsSuite } from "./services-faults-suite.js";

servicesFaultsSuite("retries");
