/** The planner's rules' reason codes, in the order the planner tries them (src/planner/rules/index.ts). */
import { RULES } from "../../planner/rules/index.js";

export const RULE_CODES: readonly string[] = RULES.map((rule) => rule.code);
