/**
 * Golden comments on real projects (issue 22, "Done when"): the demo,
 * jaffle-shop with one model edited, tuva with the one-model change of the
 * issue, a 40-model and a 250-model change on the large fixtures. Plans come
 * from the real planner (test/support/comment-scenarios/real-plans.ts); the
 * tests are test/support/comment-scenarios/real-comment-tests.ts's. The
 * 10,000-node plan takes tens of seconds: real-fixture-goldens-10k.slow.test.ts.
 * `UPDATE_GOLDEN=1 npx vitest run test/comment/real-fixture-goldens.int.test.ts test/comment/real-fixture-goldens-10k.slow.test.ts`
 * rewrites the goldens; review the diff.
 */
import { testRealComments } from "../support/comment-scenarios/real-comment-tests.js";
import { REAL_SCENARIOS } from "../support/comment-scenarios/real-plans.js";

testRealComments(REAL_SCENARIOS.filter((s) => !s.slow));
