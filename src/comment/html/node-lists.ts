/**
 * The page's lists of nodes, in the comment's groups (change-groups.ts):
 * changed by this pull request, downstream of those changes, rebuilt
 * regardless of it (one list per cause, as the comment groups them:
 * change-groups.ts groupByCause), and reused (folded). Each item carries
 * `data-k` (the node's index in the page's data) for the search, the class's
 * marker and the reasons in plain words. Names sort as the comment sorts
 * them (words.ts naturalCompare: `c2` before `c10`). Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { type ChangeClass, type ChangeGroup, changeGroupOfClass, groupByCause } from "../change-groups.js";
import { MAX_NAME } from "../markdown-escape.js";
import { causeTitle, type PhraseContext, phraseEntry } from "../reason-phrases.js";
import { formatCount, naturalCompare } from "../words.js";
import { htmlText, wordsToHtml } from "./html-text.js";
import { NODE_LOOK } from "./node-look.js";
import type { PageGraph } from "./page-graph.js";

/** Reused lists longer than this start folded. */
const OPEN_REUSED = 50;

const TITLES: Readonly<Record<ChangeGroup, string>> = {
  changed: "Changed by this pull request",
  downstream: "Downstream of those changes",
  regardless: "Rebuilt regardless of this pull request",
  reused: "Reused",
};

interface Item {
  k: number;
  entry: PlanEntry;
  label: string;
  cls: ChangeClass;
}

export function nodeLists(graph: PageGraph, phrase: PhraseContext): string {
  const groups: Record<ChangeGroup, Item[]> = { changed: [], downstream: [], regardless: [], reused: [] };
  graph.nodes.forEach((node, k) => {
    if (node.entry && node.cls !== "outside")
      groups[changeGroupOfClass(node.cls)].push({ k, entry: node.entry, label: node.label, cls: node.cls });
  });
  for (const items of Object.values(groups))
    items.sort((a, b) => naturalCompare(a.label, b.label) || a.k - b.k);
  const item = (it: Item) => {
    const cls = it.cls;
    return `<li class="c-${cls}" data-k="${it.k}" id="n-${it.k}"><span class="mark">${NODE_LOOK[cls].marker}</span> <code>${htmlText(it.label, MAX_NAME)}</code> — ${wordsToHtml(phraseEntry(it.entry, phrase))}</li>`;
  };
  const list = (items: Item[]) => `<ul class="nodes-list">\n${items.map(item).join("\n")}\n</ul>`;
  const heading = (group: ChangeGroup) => `${TITLES[group]} (${formatCount(groups[group].length)})`;
  const parts: string[] = [];
  for (const group of ["changed", "downstream"] as const) {
    if (groups[group].length === 0) continue;
    parts.push(`<section data-group="${group}"><h2>${heading(group)}</h2>\n${list(groups[group])}</section>`);
  }
  if (groups.regardless.length > 0) {
    const itemOf = new Map(groups.regardless.map((it) => [it.entry, it]));
    const causes = groupByCause(groups.regardless.map((it) => it.entry)).map(
      ({ code, entries }) => [causeTitle(code), entries.map((e) => itemOf.get(e)!)] as const,
    );
    parts.push(
      `<section data-group="regardless"><h2>${heading("regardless")}</h2>\n` +
        causes
          .map(
            ([title, items]) =>
              `<section data-group="regardless-cause"><h3>${htmlText(title)} (${formatCount(items.length)})</h3>\n${list(items)}</section>`,
          )
          .join("\n") +
        "</section>",
    );
  }
  if (groups.reused.length > 0) {
    const open = groups.reused.length <= OPEN_REUSED ? " open" : "";
    parts.push(
      `<details data-group="reused"${open}><summary><h2>${heading("reused")}</h2></summary>\n${list(groups.reused)}</details>`,
    );
  }
  return parts.join("\n");
}
