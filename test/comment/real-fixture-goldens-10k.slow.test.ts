/**
 * The golden comment of the generated 10,000-node project (issue 22, "Done
 * when"), in the slow project: its two compiled manifests take about a
 * minute to generate (then cached in the OS temp folder) and its plan about
 * 20 s. The tests are test/support/comment-scenarios/real-comment-tests.ts's.
 */
import { testRealComments } from "../support/comment-scenarios/real-comment-tests.js";
import { REAL_SCENARIOS } from "../support/comment-scenarios/real-plans.js";

testRealComments(REAL_SCENARIOS.filter((s) => s.slow));
