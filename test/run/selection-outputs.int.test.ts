/** The selection outputs through the main step, on the shop (2,000 seeds: selection-outputs.slow.test.ts). */
import { selectionOutputsSuite } from "./selection-outputs-suite.js";

selectionOutputsSuite("fast");
