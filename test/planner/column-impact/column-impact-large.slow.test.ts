/** Column impact on real projects (column-impact-suite.ts): the rows of global-trade (78 models; its record with facts takes seconds). */
import { columnImpactSuite, TRADE } from "./column-impact-suite.js";

columnImpactSuite((row) => row.fixture === TRADE);
