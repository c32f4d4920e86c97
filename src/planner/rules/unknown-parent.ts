import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";

/** Rule 6: it reads something neither a node nor a source of the manifest. */
export const unknownParent: Rule = {
  code: "unknown_parent",
  decide(c) {
    if (c.node.unknownParents.length === 0) return undefined;
    const ids = c.node.unknownParents.map((parent) => parent.id);
    return c.build(
      "unknown_parent",
      `It reads ${listWords(ids.map(code))}, which ODS doesn't know (neither a node nor a source in the manifest).`,
      { subjects: ids },
    );
  },
};
