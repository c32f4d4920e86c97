/** The selection outputs through the main step for 2,000 seeds no exact selection fits (the shop: selection-outputs.int.test.ts). CI runs both. */
import { selectionOutputsSuite } from "./selection-outputs-suite.js";

selectionOutputsSuite("scale");
