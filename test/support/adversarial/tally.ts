/**
 * Counts of the adversarial suite: cases tried and failures, per kind. Each
 * test file keeps a Tally and prints its table after its tests; it also
 * leaves its rows in a folder shared by the files of the same vitest run
 * (keyed by the vitest process, the parent of every test worker), and the
 * last file to finish prints the totals of the whole suite.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../shared-fixtures.js";

export interface TallyRow {
  kind: string;
  cases: number;
  failures: number;
  /** Outcomes seen, e.g. `plan 812, artifact_invalid 300`. */
  outcomes: Record<string, number>;
}

export class Tally {
  readonly suite: string;
  private readonly rows = new Map<string, TallyRow>();
  readonly failures: string[] = [];

  constructor(suite: string) {
    this.suite = suite;
  }

  private row(kind: string): TallyRow {
    let row = this.rows.get(kind);
    if (!row) {
      row = { kind, cases: 0, failures: 0, outcomes: {} };
      this.rows.set(kind, row);
    }
    return row;
  }

  /** One case of `kind` tried, ending in `outcome` (e.g. `plan`, a UserError code, `exit 1`). */
  count(kind: string, outcome = "ok", n = 1): void {
    const row = this.row(kind);
    row.cases += n;
    row.outcomes[outcome] = (row.outcomes[outcome] ?? 0) + n;
  }

  /** A failed case of `kind`, with what reproduces it. */
  fail(kind: string, detail: string): void {
    this.row(kind).failures += 1;
    this.failures.push(`[${kind}] ${detail}`);
  }

  /**
   * Runs `check` as one case of `kind`: it counts, and a thrown assertion
   * counts as a failure (and is rethrown, so the test fails too).
   */
  async check<T>(kind: string, outcome: string, check: () => T | Promise<T>): Promise<T> {
    try {
      const value = await check();
      this.count(kind, outcome);
      return value;
    } catch (error) {
      this.count(kind, "failed");
      this.fail(kind, error instanceof Error ? error.message.split("\n")[0]! : String(error));
      throw error;
    }
  }

  all(): TallyRow[] {
    return [...this.rows.values()];
  }

  /** Prints this file's table and, when every file of the suite has reported, the suite's totals. */
  report(): void {
    const rows = this.all();
    console.log(formatTable(`adversarial: ${this.suite}`, rows));
    const combined = shareRows(this.suite, rows);
    if (combined) console.log(formatTable("adversarial suite: totals", combined, true));
  }
}

export function formatTable(title: string, rows: readonly TallyRow[], withTotal = false): string {
  const header = ["kind", "cases", "failures", "outcomes"];
  const body = rows.map((r) => [
    r.kind,
    String(r.cases),
    String(r.failures),
    Object.entries(r.outcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", "),
  ]);
  if (withTotal) {
    const cases = rows.reduce((s, r) => s + r.cases, 0);
    const failures = rows.reduce((s, r) => s + r.failures, 0);
    body.push(["TOTAL", String(cases), String(failures), ""]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => Math.min(r[i]!.length, 90))));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (c.length > 90 ? `${c.slice(0, 89)}…` : c).padEnd(widths[i]!)).join(" | ")} |`;
  return [
    `\n${title}`,
    line(header),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

const SUITE_DIR = path.join(PROJECT_ROOT, "test", "adversarial");

/** The rows of every suite file of this run once all have reported; undefined before. */
function shareRows(suite: string, rows: TallyRow[]): TallyRow[] | undefined {
  const dir = path.join(os.tmpdir(), `ods-adversarial-${process.ppid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify(rows));
    const expected = readdirSync(SUITE_DIR)
      // The slow project's parts (`*.slow.test.ts`) run apart: the totals are npm test's files.
      .filter((f) => f.endsWith(".adv.test.ts"))
      .map((f) => f.replace(/\.adv\.test\.ts$/, ""));
    const present = new Set(readdirSync(dir).map((f) => f.replace(/\.json$/, "")));
    if (!expected.every((name) => present.has(name))) return undefined;
    const merged: TallyRow[] = [];
    for (const name of expected.sort()) {
      for (const row of JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as TallyRow[]) {
        merged.push({ ...row, kind: `${name}: ${row.kind}` });
      }
    }
    rmSync(dir, { recursive: true, force: true });
    return merged;
  } catch {
    return undefined;
  }
}
