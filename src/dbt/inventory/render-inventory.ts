/**
 * docs/inventory.md, rendered from the inventory's rows (rows.ts) so that the
 * document and the code never disagree (test/dbt/inventory-doc.unit.test.ts
 * compares them; `UPDATE_GOLDEN=1` rewrites the file). Pure.
 */
import type { InputClass, InventoryRow, InventorySurface } from "./row.js";

const SURFACES: readonly { surface: InventorySurface; title: string; about: string }[] = [
  {
    surface: "manifest",
    title: "The manifest",
    about:
      "Every field of every entry dbt writes into manifest.json, as a path pattern: `nodes.<model>` is any model entry, `[]` any array element, `<key>` any key of a map dbt keys by user names. A row covers everything under its path unless a longer row says otherwise. A field no row covers is digested per entry, and the nodes it reaches are built when it changes (`unclassified_input_changed`).",
  },
  {
    surface: "project",
    title: "The project files",
    about:
      "Every key of dbt_project.yml (and its `flags:`), the other project files and the installed packages, read from `project-dir`. A key no row names is compared on every node (`unclassified_input_changed`).",
  },
  {
    surface: "profile",
    title: "The target and profile",
    about: "What the adapter reads from the target the build used.",
  },
  {
    surface: "environment",
    title: "The environment",
    about:
      "Values a build reads at run time: `env_var()`, `var()`, `target.*` and the like, anywhere on a node's run-time path (its materialization and the macros it runs, its hooks, the project's hooks).",
  },
  {
    surface: "run",
    title: "The run",
    about: "run_results.json: the command, its arguments, and what each result did.",
  },
  {
    surface: "warehouse",
    title: "The warehouse",
    about: "Relations the compiled SQL reads, and who else writes the relations ODS records.",
  },
];

const CLASS_WORDS: Readonly<Record<InputClass, string>> = {
  fingerprinted: "fingerprinted",
  inert: "inert",
  unknown: "unknown: builds",
};

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

export function renderInventory(rows: readonly InventoryRow[]): string {
  const out: string[] = [
    "# The input inventory",
    "",
    "<!-- Rendered from src/dbt/inventory/*-rows.ts by test/dbt/inventory-doc.unit.test.ts (UPDATE_GOLDEN=1). Do not edit by hand. -->",
    "",
    "Everything that can change what `dbt build` writes for a node, and how ODS treats it (issue 36). Each row is one of:",
    "",
    "- **fingerprinted**: ODS compares it between the recorded build and now (the column says how);",
    "- **inert**: it cannot change what dbt writes (the column says why, and the dbt source that shows it);",
    "- **unknown**: ODS doesn't know; a change to it builds the nodes it can reach, with `unclassified_input_changed` naming it.",
    "",
    "Anything with no row at all is treated as unknown: a new dbt version that adds a field is safe on day one.",
    "",
  ];
  const counts: string[] = [];
  for (const { surface, title } of SURFACES) {
    const own = rows.filter((r) => r.surface === surface);
    if (own.length === 0) continue;
    const by = (c: InputClass) => own.filter((r) => r.class === c).length;
    counts.push(`| ${title} | ${own.length} | ${by("fingerprinted")} | ${by("inert")} | ${by("unknown")} |`);
  }
  out.push("| surface | rows | fingerprinted | inert | unknown |", "|---|---|---|---|---|", ...counts, "");
  for (const { surface, title, about } of SURFACES) {
    const own = rows.filter((r) => r.surface === surface);
    if (own.length === 0) continue;
    out.push(`## ${title}`, "", about, "", "| input | class | how / why | dbt source |", "|---|---|---|---|");
    for (const row of own)
      out.push(
        `| \`${cell(row.path)}\` | ${CLASS_WORDS[row.class]} | ${cell(row.how)} | ${cell(row.cite)} |`,
      );
    out.push("");
  }
  return out.join("\n");
}
