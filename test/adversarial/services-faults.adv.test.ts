/** The service faults under the committed bundles, but those @actions/cache retries with its own back-off (services-faults.slow.test.ts). */
import { servicesFaultsSuite } from "./services-faults-suite.js";

servicesFaultsSuite("fast");
