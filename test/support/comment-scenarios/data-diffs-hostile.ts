/**
 * A data diff report whose every name, type, relation, message, engine and
 * key value is built to break out of the markdown, the HTML, a table, a
 * fold's summary or a terminal (test/comment/injection.unit.test.ts).
 */
import type { DataDiffReport } from "../../../src/state/data-diff.js";
import { node, report, rows } from "./data-diffs.js";

/** Strings built to break out of the markdown, the HTML, a table, a summary or a terminal. */
export const HOSTILE_DIFF = [
  "<img src=x onerror=alert(1)>",
  "@org/team",
  "`x`",
  "a|b",
  "</summary></details><script>alert(1)</script>",
  "line\nbreak",
  "[link](javascript:alert(1))",
  "#1",
  "$x^2$",
  "**bold**",
  "\u202eevil",
  "\u001b[31mred",
];

/** Every name, type, message and key value hostile. */
export function hostileReport(h: readonly string[] = HOSTILE_DIFF): DataDiffReport {
  const nodes = h.map((text, i) =>
    node(text, i % 2 === 0 ? "changed" : "downstream", {
      prod: { schema: text, identifier: text },
      pr: { schema: text, identifier: text },
      schema: {
        added: [{ name: text, type: text }],
        removed: [{ name: h[(i + 1) % h.length]!, type: text }],
        retyped: [{ name: h[(i + 2) % h.length]!, prod: text, pr: text }],
        columns: { prod: 3, pr: 3 },
      },
      counts: { prod: 10, pr: 11 },
      message: `note about \`${text}\` and ${text}`,
      rows:
        i % 3 === 2
          ? {
              status: "key_column_missing",
              key: { columns: [text], source: "meta" },
              message: `key \`${text}\` missing: ${text}`,
              missing: { prod: [text], pr: [text] },
            }
          : rows({
              key: { columns: [text, h[(i + 3) % h.length]!], source: "meta" },
              only_prod: 1,
              only_pr: 1,
              changed: 1,
              unchanged: 7,
              columns: [{ name: text, changed: 1, as_text: true }],
              examples: {
                only_prod: [[text, text]],
                only_pr: [[text, null]],
                changed: [[text, h[(i + 4) % h.length]!]],
              },
            }),
    }),
  );
  nodes.push(
    node("failing", "downstream", { status: "not_compared", reason: "failed", message: h.join(" ") }),
    node("only_pr", "downstream", {
      status: "only_in_pr",
      prod: null,
      counts: { prod: null, pr: 1 },
      columns: h.map((name) => ({ name, type: name })),
    }),
  );
  return report(nodes, { environment: h[0]!, compared_with: h[4]!, engine: h[3]! });
}
