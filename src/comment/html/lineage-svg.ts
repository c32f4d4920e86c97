/**
 * The lineage as inline SVG: the drawn part of the page's graph laid out by
 * lineage-layout.ts, one `<g class="n c-CLASS" data-k="K">` per node (K is
 * its index in the page's data, for the search) with a rect (rounded for
 * sources), the class's marker and the label cut to fit (the full name and
 * id in its <title>), and one curve per edge. Everything drawn sits in
 * `<g id="viewport">`, whose transform the script sets to zoom and pan. Pure.
 */
import { htmlText } from "./html-text.js";
import { layoutDag, NODE_HEIGHT, NODE_WIDTH } from "./lineage-layout.js";
import { NODE_LOOK, SOURCE_MARKER } from "./node-look.js";
import type { DrawnPart, PageGraph } from "./page-graph.js";

/** Characters of a label in a box (monospace 12 px in 220 px, after the marker). */
const LABEL_CHARS = 27;

export interface LineageSvg {
  svg: string;
  boxes: number;
  edges: number;
  width: number;
  height: number;
}

export function lineageSvg(graph: PageGraph, part: DrawnPart): LineageSvg {
  const local = new Map<number, number>();
  part.nodes.forEach((k, i) => {
    local.set(k, i);
  });
  const edges: Array<[number, number]> = [];
  for (const [p, c] of graph.edges) {
    const from = local.get(p);
    const to = local.get(c);
    if (from !== undefined && to !== undefined) edges.push([from, to]);
  }
  const layout = layoutDag({ n: part.nodes.length, edges });
  const mid = NODE_HEIGHT / 2;
  const paths = edges.map(([a, b]) => {
    const x1 = layout.x[a]! + NODE_WIDTH;
    const y1 = layout.y[a]! + mid;
    const x2 = layout.x[b]!;
    const y2 = layout.y[b]! + mid;
    const bend = Math.max(30, (x2 - x1) / 2);
    return `<path class="e" d="M${x1} ${y1}C${x1 + bend} ${y1} ${x2 - bend} ${y2} ${x2} ${y2}"/>`;
  });
  const boxes = part.nodes.map((k, i) => {
    const node = graph.nodes[k]!;
    const look = NODE_LOOK[node.cls];
    const title = node.label === node.id ? node.id : `${node.label} (${node.id})`;
    return (
      `<g class="n c-${node.cls}" data-k="${k}" transform="translate(${layout.x[i]} ${layout.y[i]})">` +
      `<title>${htmlText(title, 400)}</title>` +
      `<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="${node.source ? mid : 3}"/>` +
      `<text x="8" y="18">${node.source ? SOURCE_MARKER : look.marker} ${htmlText(node.label, LABEL_CHARS)}</text></g>`
    );
  });
  const width = Math.max(layout.width, 1);
  const height = Math.max(layout.height, 1);
  const svg =
    `<svg id="lineage" class="lineage" xmlns="http://www.w3.org/2000/svg" height="${Math.min(Math.max(height, 160), 900)}" role="img" aria-label="Lineage: ${boxes.length} nodes, ${edges.length} edges" data-width="${width}" data-height="${height}">` +
    `<g id="viewport"><g class="edges">${paths.join("")}</g><g class="nodes">\n${boxes.join("\n")}\n</g></g></svg>`;
  return { svg, boxes: boxes.length, edges: edges.length, width, height };
}
