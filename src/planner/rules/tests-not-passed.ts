import type { Rule } from "./context.js";

/**
 * Class 12 (b): the node has checks (data tests, unit tests) and its last
 * recorded build has no passing test record (`NodeState.tested` absent:
 * they failed, didn't run, e.g. `dbt run`, or the node had none then). Such
 * a build is not reused silently: building it runs them, and its readers wait
 * on them, as `dbt build` would (dbt-core task/build.py: a failing test skips
 * the nodes downstream). Its readers then see a parent built for data.
 */
export const testsNotPassed: Rule = {
  code: "tests_not_passed",
  decide(c) {
    const checks = c.node.checks.length;
    if (checks === 0 || c.recorded!.tested) return undefined;
    return c.build(
      "tests_not_passed",
      `It has ${checks} check${checks === 1 ? "" : "s"} (data tests, unit tests), and its last build (run ${c.recorded!.run_id}) has no passing test record: they failed, didn't run (\`dbt run\`), or were added since. Building it runs them, and its readers wait for them, as \`dbt build\` does.`,
    );
  },
};
