/** Every tenth sampled fuzz case through the committed CLI bundle (the rest: fuzz-cli.slow.test.ts). */
import { fuzzCliSuite } from "./fuzz-cli-suite.js";

fuzzCliSuite("fast");
