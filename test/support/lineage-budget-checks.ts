/**
 * The lineage picture's budget checks (issue 22), shared by the comment's
 * lineage tests: the boxes of a picture, its budgets and syntax, and how
 * many built nodes it shows (one per box, N per "+N …" group box).
 */
import { expect } from "vitest";
import { type Lineage, MAX_BOXES, MAX_CHARS } from "../../src/comment/lineage/mermaid-picture.js";
import type { Plan } from "../../src/state/plan.js";
import { MERMAID_LINE } from "./mermaid-line.js";

const BOX = /^ {2}(n\d+)[[({>/\\]+"([^"]*)"/;

/** The boxes: mermaid id → label (entities decoded), and the ids of each class. */
export function boxesOf(lineage: Lineage): { labels: Map<string, string>; classOf: Map<string, string> } {
  const labels = new Map<string, string>();
  const classOf = new Map<string, string>();
  for (const line of lineage.mermaid.split("\n")) {
    const box = BOX.exec(line);
    if (box)
      labels.set(
        box[1]!,
        box[2]!.replace(/#(\d+);/g, (_, c) => String.fromCodePoint(Number(c))),
      );
    const cls = /^ {2}class (\S+) (\w+)$/.exec(line);
    if (cls) for (const n of cls[1]!.split(",")) classOf.set(n, cls[2]!);
  }
  return { labels, classOf };
}

/** Checks the budgets and the syntax; returns the boxes. */
export function expectWithinBudget(lineage: Lineage | undefined): ReturnType<typeof boxesOf> {
  expect(lineage).toBeDefined();
  const l = lineage!;
  const lines = l.mermaid.split("\n");
  expect(lines[0]).toBe("graph LR");
  for (const line of lines.slice(1)) expect(line).toMatch(MERMAID_LINE);
  const boxes = boxesOf(l);
  expect(boxes.labels.size).toBe(l.boxes);
  expect(l.boxes).toBeLessThanOrEqual(MAX_BOXES);
  expect(l.mermaid.length).toBeLessThanOrEqual(MAX_CHARS);
  return boxes;
}

/** How many built nodes the picture shows: one per named box of a built class, N per group box. */
export function builtShown(labels: Map<string, string>, classOf: Map<string, string>): number {
  let n = 0;
  for (const [box, label] of labels) {
    if (["reused", "source", "outside"].includes(classOf.get(box)!)) continue;
    const count =
      /^\S+ \+?([\d,]+) (changed|downstream|rebuilt regardless|new data|ODS can't tell|failed|skipped)/.exec(
        label,
      );
    n += count ? Number(count[1]!.replaceAll(",", "")) : 1;
  }
  return n;
}

export const built = (plan: Plan): number => plan.entries.filter((e) => e.action === "BUILD").length;
