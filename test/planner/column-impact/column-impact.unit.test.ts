/** Column impact on real projects (column-impact-suite.ts): the rows of the small fixtures. */
import { columnImpactSuite, TRADE } from "./column-impact-suite.js";

columnImpactSuite((row) => row.fixture !== TRADE);
