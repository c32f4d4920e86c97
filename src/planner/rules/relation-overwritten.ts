import { relationKey } from "../../dbt/relation-identity.js";
import { own } from "../../state/own.js";
import { componentWords } from "../reason-words.js";
import { codeDiff, diffNames } from "./code-diff.js";
import type { Rule } from "./context.js";
import { displayName } from "./display-name.js";

/**
 * Issue 36, "relations, not only nodes": a recorded build is evidence for
 * the relation it wrote only while nothing else wrote it since. The state's
 * last writer of the relation the node's recorded build went to (snapshot
 * 1.6 `relations`, record-relations.ts; names compared as the warehouse
 * resolves them, src/dbt/relation-identity.ts) is another node (two nodes
 * or packages whose relations fold to one name; a renamed model whose alias
 * took the relation; a seed or snapshot of the same name), or this node in
 * a `dbt clone` run after the build: the relation no longer holds that
 * build, so the node is built. The same node in another building run is not
 * a conflict (a promotion records the pull request's run for a table prod's
 * run wrote). A data-class reason decided before the code rules, like
 * last_build_partial: when the code changed too, its readers are told.
 */
export const relationOverwritten: Rule = {
  code: "relation_overwritten",
  decide(c) {
    const recorded = c.recorded;
    const writers = c.facts.snapshot?.relations;
    if (!recorded?.relation || writers === undefined) return undefined;
    const adapter = c.facts.graph.metadata.adapterType;
    const key = relationKey(adapter, recorded.relation, c.node.node.relation.relationName);
    const writer = own(writers, key);
    if (writer === undefined) return undefined;
    const otherNode = writer.node !== c.node.id;
    const cloned = !otherNode && writer.run_id !== recorded.run_id && writer.command === "clone";
    if (!otherNode && !cloned) return undefined;
    const diff = codeDiff(c);
    const changed = diff === "incomparable" ? null : diffNames(diff);
    const codeMoved = diff === "incomparable" || (changed !== null && changed.length > 0);
    const also = changed && changed.length > 0 ? ` Its ${componentWords(changed)} changed too.` : "";
    const name = [recorded.relation.database, recorded.relation.schema, recorded.relation.identifier]
      .filter((part) => part !== null)
      .join(".");
    const by = otherNode
      ? `${displayName(c.facts.graph, writer.node)} (\`dbt ${writer.command}\`, run ${writer.run_id})`
      : `\`dbt clone\` (run ${writer.run_id}), which replaced it with another state's relation`;
    const decision = c.build(
      "relation_overwritten",
      `Its relation \`${name}\` was written after its build (run ${recorded.run_id}) by ${by}: it no longer holds that build.${also}`,
      { subjects: [writer.node] },
    );
    if (codeMoved) decision.codeMoved = true;
    return decision;
  },
};
