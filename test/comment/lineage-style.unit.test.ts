/**
 * The lineage's classes are readable and not told by colour alone: every
 * fill has an explicit text colour with a WCAG 2 contrast ratio of at least
 * 4.5; every box stands out from GitHub's light and dark page (its fill or
 * its border at least 3:1, WCAG's non-text contrast); every class has its
 * own shape and its own text marker; the legend names each class drawn
 * with its marker and shape, in words.
 */
import { describe, expect, it } from "vitest";
import { CLASS_STYLES, LINEAGE_CLASSES } from "../../src/comment/lineage/lineage-classes.js";
import { lineageNotes } from "../../src/comment/lineage/lineage-notes.js";
import { classDef, draw } from "../../src/comment/lineage/mermaid-picture.js";

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** GitHub's page backgrounds, light and dark. */
const PAGES = { light: "#ffffff", dark: "#0d1117" };

describe("the lineage's classes", () => {
  it("computes WCAG contrast as the spec's examples say", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it.each(LINEAGE_CLASSES)(
    "%s: text on fill at least 4.5:1, box at least 3:1 on light and dark pages",
    (cls) => {
      const s = CLASS_STYLES[cls];
      expect(contrast(s.fill, s.text)).toBeGreaterThanOrEqual(4.5);
      for (const page of Object.values(PAGES))
        expect(Math.max(contrast(s.fill, page), contrast(s.stroke, page))).toBeGreaterThanOrEqual(3);
      // The text colour is explicit, so the theme can't put light text on a light fill.
      expect(classDef(s)).toContain(`color:${s.text}`);
      expect(classDef(s)).toContain(`fill:${s.fill}`);
    },
  );

  it("every class has its own shape and its own marker", () => {
    const shapes = LINEAGE_CLASSES.map((c) => CLASS_STYLES[c].shape);
    const markers = LINEAGE_CLASSES.map((c) => CLASS_STYLES[c].marker);
    expect(new Set(shapes).size).toBe(LINEAGE_CLASSES.length);
    expect(new Set(markers).size).toBe(LINEAGE_CLASSES.length);
    for (const m of markers) expect(m.trim()).not.toBe("");
  });

  it("changed nodes have the thickest border; no evidence, skipped and outside are dashed", () => {
    const widths = LINEAGE_CLASSES.map((c) => CLASS_STYLES[c].strokeWidth);
    expect(CLASS_STYLES.changed.strokeWidth).toBe(Math.max(...widths));
    for (const c of ["no_evidence", "skipped", "outside"] as const)
      expect(CLASS_STYLES[c].dash).toBeDefined();
  });

  it("the picture puts each class's marker before its labels and the legend names every class drawn, in words", () => {
    const boxes = LINEAGE_CLASSES.map((cls, i) => ({ id: `x${i}`, label: `node ${i}`, cls }));
    const lineage = draw(boxes, [], "full", boxes.length);
    expect(lineage.classes).toEqual(LINEAGE_CLASSES);
    const { legend } = lineageNotes(lineage);
    for (const cls of LINEAGE_CLASSES) {
      const s = CLASS_STYLES[cls];
      expect(legend).toContain(`${s.marker} ${s.words}`);
      expect(lineage.mermaid).toContain(`classDef ${cls} ${classDef(s)}`);
    }
    expect(legend).toContain("Δ changed by this pull request (thick box)");
    expect(legend).toContain("? built because ODS can't tell (or every run) (hexagon, dashed)");
    // Only the classes drawn are named.
    const one = lineageNotes(draw([boxes[0]!], [], "full", 1)).legend;
    expect(one).toBe("Δ changed by this pull request (thick box)");
  });
});
