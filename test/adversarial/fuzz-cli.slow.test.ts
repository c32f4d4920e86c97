/** The sampled fuzz cases fuzz-cli.adv.test.ts leaves out, through the committed CLI bundle: CI runs both. */
import { fuzzCliSuite } from "./fuzz-cli-suite.js";

fuzzCliSuite("rest");
