/**
 * The default branch's post step, after it recorded its run: main's dbt
 * build may have dropped open pull requests' pointer views (on PostgreSQL,
 * dbt drops a relation it replaces with CASCADE, and the views reading it go
 * with it). This step holds the warehouse connection, so it repairs them
 * (repairEnvironments, reading prod's state as just recorded) and says so:
 * a log line, a job summary line, and the report it returns. Problems are
 * warnings: prod is recorded and fine, and a pull request's next push
 * repairs its own environment too.
 */
import type { RepairReport } from "../../environment/index.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { repairPointerViews } from "../environment/repair-environments.js";
import type { WarehouseSession } from "./environment-steps.js";
import type { CountedPorts } from "./step-counts.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The report, or null when the repair could not run (a warning says why). */
export async function repairOpenEnvironments(
  ports: Pick<CountedPorts, "log">,
  session: WarehouseSession,
  prod: StateSnapshot | null,
): Promise<RepairReport | null> {
  const { log } = ports;
  let report: RepairReport;
  try {
    report = await session.use((ctx) => repairPointerViews(ctx, { prod }));
  } catch (error) {
    log.warning(
      `Repairing open environments' pointer views failed (${error instanceof Error ? error.message : String(error)}); prod's state is recorded, and each pull request's next push repairs its environment.`,
    );
    return null;
  }
  const checked = report.environments.reduce((n, e) => n + e.checked, 0);
  const touched = report.environments
    .filter((e) => e.repaired.length > 0 && e.error === null)
    .map((e) => `${e.environment}: ${e.repaired.length}`);
  if (report.repaired > 0) {
    log.info(
      `Open environments: repaired ${plural(report.repaired, "pointer view")} this run's dbt build dropped (${touched.join(", ")}).`,
    );
    for (const e of report.environments)
      for (const r of e.repaired) log.info(`  ${e.environment}: ${r.pointer} → ${r.reads} (${r.was})`);
  } else {
    log.info(
      `Open environments: ${plural(report.environments.length, "environment")}, ${plural(checked, "pointer view")} checked, none broken.`,
    );
  }
  for (const e of report.environments) {
    for (const u of e.unrepairable) log.warning(`Environment ${e.environment}: not repaired: ${u.reason}`);
    if (e.error !== null)
      log.warning(
        `Environment ${e.environment}: repairing its pointer views failed and changed nothing (${e.error}); its pull request's next push repairs it.`,
      );
  }
  return report;
}

/** The job summary's line about the repair; null when there is nothing to say. */
export function repairSummaryLine(report: RepairReport): string | null {
  if (!(report.repaired > 0 || report.unrepairable > 0 || report.failed > 0)) return null;
  const touched = report.environments
    .filter((e) => e.repaired.length > 0 && e.error === null)
    .map((e) => `${e.environment}: ${e.repaired.length}`);
  const parts = [
    `repaired ${plural(report.repaired, "pointer view")} of open pull requests' environments that this run's dbt build dropped${touched.length > 0 ? ` (${touched.join(", ")})` : ""}`,
  ];
  if (report.unrepairable > 0)
    parts.push(`${plural(report.unrepairable, "pointer view")} not repaired: prod's relation is gone`);
  if (report.failed > 0) parts.push(`${plural(report.failed, "environment")} failed to repair`);
  return `\n**ods-state:** ${parts.join("; ")}.\n`;
}
