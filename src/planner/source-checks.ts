/**
 * Tested sources (ADR-0013, #232): dbt build runs the tests defined on
 * sources; ODS builds no sources, so without this its selection would
 * silently drop raw-data checks. A source's checks run, first match wins,
 * when: there is no passing record (not_tested); the checks digest differs
 * (checks_changed); its data version now is below semantic, was observed no
 * later than the last pass, or the record has none (missing_data_evidence);
 * the version moved (new_upstream_data). Otherwise they are skipped
 * (unchanged). With a selection, only the sources it selects (as ancestors
 * a `+name` reaches, or by `source:`, `path:`, `tag:` …: selection.ts) are
 * considered, as in dbt.
 */
import { checksDigest } from "../dbt/checks-digest.js";
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { Check, ProjectGraph } from "../dbt/graph.js";
import { own } from "../state/own.js";
import type { SourceCheckEntry } from "../state/plan.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { unchangedByKey } from "./changed-checks.js";
import {
  atLeastSemantic,
  compareInstants,
  type ObservedSourceVersion,
  sameVersion,
} from "./source-evidence.js";

export function planSourceChecks(
  graph: ProjectGraph,
  macros: MacroIndex,
  snapshot: StateSnapshot | null,
  observed: ReadonlyMap<string, ObservedSourceVersion>,
  inScope: ReadonlySet<string> | null,
): SourceCheckEntry[] {
  const entries: SourceCheckEntry[] = [];
  for (const [id, source] of [...graph.sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (source.checks.length === 0) continue;
    if (inScope && !inScope.has(id)) continue;
    const name = `${source.source.sourceName}.${source.source.name}`;
    const checks = source.checks.map((c) => graph.checks.get(c)).filter((c): c is Check => c !== undefined);
    const record = own(snapshot?.sources, id);
    const current = observed.get(id);
    const run = (code: SourceCheckEntry["reason"]["code"], message: string): SourceCheckEntry => ({
      source_id: id,
      name,
      action: "RUN",
      reason: { code, message },
      checks: checks.length,
    });
    const tested = record?.tested;
    if (!tested) {
      entries.push(
        run("not_tested", "Its checks have no passing run recorded (never passed, or failed last time)."),
      );
    } else if (
      !tested.checks_digest ||
      (!unchangedByKey(tested, checks, macros) && tested.checks_digest !== checksDigest(checks, macros))
    ) {
      entries.push(run("checks_changed", "Its checks were added, removed or edited since they last passed."));
    } else if (!current?.value || !atLeastSemantic(current.exactness)) {
      entries.push(
        run("missing_data_evidence", "No max_loaded_at for it in sources.json: its data may have changed."),
      );
    } else if (!current.observedAt || (compareInstants(current.observedAt, tested.at) ?? 0) <= 0) {
      entries.push(
        run(
          "missing_data_evidence",
          `sources.json was observed before its checks last passed (${tested.at}).`,
        ),
      );
    } else if (!record.version) {
      entries.push(run("missing_data_evidence", "No data version was recorded when its checks last passed."));
    } else if (!sameVersion(current.value, record.version.value)) {
      entries.push(
        run(
          "new_upstream_data",
          `New data since its checks last passed (${record.version.value} → ${current.value}).`,
        ),
      );
    } else {
      entries.push({
        source_id: id,
        name,
        action: "SKIP",
        reason: { code: "unchanged", message: `Checks and data unchanged since run ${tested.run_id}.` },
        checks: checks.length,
      });
    }
  }
  return entries;
}
