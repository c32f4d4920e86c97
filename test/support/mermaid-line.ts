/**
 * What a line of the comment's lineage picture may be (after `graph LR`): a
 * box in one of the lineage's shapes (src/comment/lineage/lineage-classes.ts)
 * around a quoted label from mermaidLabel's safe alphabet, an arrow, a
 * classDef or a class statement. The injection checks hold every line to it.
 */
const SHAPES: ReadonlyArray<readonly [string, string]> = [
  ["[", "]"],
  ["(", ")"],
  ["[/", "/]"],
  ["{{", "}}"],
  ["[/", "\\]"],
  ["[\\", "/]"],
  ["[(", ")]"],
  ["([", "])"],
  [">", "]"],
];

function regexLiteral(text: string): string {
  return text.replace(/[\\[\](){}/]/g, "\\$&");
}

const BOX = SHAPES.map(
  ([open, close]) => `${regexLiteral(open)}"[A-Za-z0-9 _.,:/#;-]*"${regexLiteral(close)}`,
).join("|");

export const MERMAID_LINE = new RegExp(
  `^ {2}(n\\d+(${BOX})|n\\d+ --> n\\d+|classDef [a-z_]+ [a-z0-9#:,. -]+|class n\\d+(,n\\d+)* [a-z_]+)$`,
);
