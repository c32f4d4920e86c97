/**
 * `ods-state env …`: pull request environments and promotion on merge
 * (docs/environments.md). One command with a subcommand, so that the
 * registry of commands gains one line; each subcommand is its own module
 * here, parsing its flags and calling its use case in src/app/.
 */

import { DEFAULT_STATE_FILE } from "../../../app/scope.js";
import { UserError } from "../../../errors/user-error.js";
import { COLUMN_IMPACT_HELP, COLUMN_IMPACT_OPTION } from "../../column-impact.js";
import type { Command } from "../../command.js";
import { PROJECT_DIR_HELP, PROJECT_DIR_OPTION } from "../../project-inputs.js";
import { envCleanup } from "./cleanup.js";
import { envCreateOrRefresh } from "./create.js";
import { envDiff } from "./diff.js";
import { ENV_SUBCOMMANDS, type Subcommand } from "./env-flags.js";
import { envGc } from "./gc.js";
import { envList } from "./list.js";
import { envPromote } from "./promote.js";
import { envRecord } from "./record.js";
import { envRepair } from "./repair.js";
import { envRollback } from "./rollback.js";

export const envCommand: Command = {
  name: "env",
  summary:
    "pull request environments in the warehouse: create, refresh, record, cleanup, promote, rollback, list, gc, repair, diff",
  usage: [
    "env create|refresh --pr N --manifest PR_MANIFEST [--repository O/R [--repository-id ID]] [--state DB] [--sources PATH] [--column-impact] [--incremental-start clone|none|full-refresh|'copy up to LIMIT'] [--warehouse W] [--dry-run]",
    "env record --pr N --manifest PR_MANIFEST --run-results PATH [--repository O/R [--repository-id ID]] [--build-manifest PATH] [--sources PATH] [--column-impact] [--warehouse W]",
    "env cleanup --pr N (--project P | --manifest PATH) [--repository O/R [--repository-id ID] | --legacy] [--state DB] [--warehouse W] [--dry-run | --merged]",
    "env promote --pr N --manifest MAIN_MANIFEST [--repository O/R [--repository-id ID]] [--state DB] [--sources PATH] [--promoted-by RUN] [--allow-non-atomic] [--column-impact] [--warehouse W] [--dry-run]",
    "env rollback [--id PROMOTION | --pr N] (--project P | --manifest PATH) [--repository O/R [--repository-id ID] | --legacy] [--state DB] [--resume] [--allow-non-atomic] [--warehouse W] [--dry-run]",
    "env list [--warehouse W]",
    "env gc (--project P | --manifest PATH) [--repository O/R [--repository-id ID] | --legacy] [--retention-days N] [--open-prs 1,2] [--state DB] [--warehouse W] [--dry-run]",
    "env repair (--project P | --manifest PATH) [--repository O/R [--repository-id ID]] [--pr N] [--state DB] [--warehouse W] [--dry-run]",
    "env diff --pr N --manifest PR_MANIFEST [--repository O/R [--repository-id ID]] [--state DB] [--sources PATH] [--select SEL]… [--exclude SEL]… [--budget D] [--query-timeout D] [--sample-rows N] [--show-keys N] [--format text|json|markdown] [--warehouse W]",
  ],
  optionHelp: {
    warehouse:
      "duckdb:PATH, postgres://USER@HOST:PORT/DATABASE, snowflake://USER@ACCOUNT/DATABASE, bigquery://PROJECT?location=LOC or databricks://HOST/HTTP_PATH?catalog=CAT (default: ODS_WAREHOUSE); snowflake, bigquery and databricks are experimental, tested only against a simulation (`ods-state --help`); a secret: never printed or stored",
    "meta-schema": "the schema of the environment registry; default ods_meta",
    "connect-timeout":
      "how long to wait for the warehouse to accept the connection: 30 (seconds), 500ms, 2m…; default 30s; 0: no limit",
    "statement-timeout":
      "how long one statement may run before it is cancelled (PostgreSQL statement_timeout; DuckDB: interrupted); default 10m; 0: no limit",
    "lock-timeout":
      "how long to wait for a lock another session holds (PostgreSQL lock_timeout; DuckDB: the file another process has open); default 60s; 0: no limit",
    repository:
      "the repository the environments belong to, owner/name (default: GITHUB_REPOSITORY); an environment is its repository's, dbt project's and pull request's",
    "repository-id":
      "GitHub's id of that repository, which a rename or transfer keeps (default with GITHUB_REPOSITORY: GITHUB_REPOSITORY_ID; without either, the one id the registry records for the name)",
    project:
      "the dbt project the environments belong to, when no --manifest names it (cleanup, rollback, gc)",
    legacy:
      "cleanup/rollback/gc: act on the environments and promotions of --project that a registry before 1.1 recorded without a repository",
    pr: "the pull request number (the environment is repo-ID:project:pr-N, or owner/name:project:pr-N without an id); repair: only that environment (default: every open one)",
    name: "the environment's label instead of pr-N (letters, digits, _ . -)",
    manifest:
      "create/refresh/record: the PR's manifest compiled with the CI target; promote, repair: main's manifest",
    state: `the state database (prod's state); default ${DEFAULT_STATE_FILE}. promote/rollback: given explicitly, a committed promotion (or its rollback) is written into it`,
    environment: "the state scope's environment (prod's); default prod",
    target: "the dbt target prod's state was recorded for; default: the environment",
    sources: "dbt's sources.json (`dbt source freshness`)",
    "head-sha": "create/refresh: the pull request's head commit, recorded with the environment",
    "run-results": "record: run_results.json of the PR's `dbt build`",
    "build-manifest":
      "record: the manifest that `dbt build` wrote (checks that the code built is the code planned)",
    "promoted-by": "promote: the default-branch run promoting (recorded as promoted_by)",
    "allow-non-atomic":
      "promote/rollback: use the staged and journaled protocol where the warehouse can't switch all tables at once",
    "retention-days":
      "promote: how long replaced prod tables are kept; gc: how long closed environments are kept (default 3)",
    id: "rollback: the promotion (default: the latest committed one)",
    resume: "rollback: finish an interrupted promotion or rollback from the registry's journal",
    "open-prs": "gc: the pull requests still open; other open environments are closed now",
    "dry-run": "list what would change, change nothing",
    merged:
      "cleanup: the pull request merged: its environment is marked merged and kept for the default branch's `env promote` (as the action does), then dropped by `env cleanup` after the record",
    select: "diff: only the models these dbt selectors select (repeatable)",
    exclude: "diff: leave out the models these dbt selectors select (repeatable)",
    budget:
      "diff: time for all comparisons together (default 2m); models left when it runs out are listed as not compared",
    "query-timeout": "diff: one comparison query's time limit (default 30s; 0: only the budget)",
    "sample-rows":
      "diff: a table with more rows is compared on a deterministic sample of its keys (default 1000000)",
    "show-keys":
      "diff: show the key values of up to N rows per kind of difference (default 0: no values, counts only)",
    format: "text (default) or json; diff: also markdown",
    "column-impact": `create/refresh/promote/record: ${COLUMN_IMPACT_HELP["column-impact"]}`,
    "incremental-start":
      "create/refresh: how incremental models the PR builds start: clone (default: a zero-copy clone of prod's table where the warehouse has one), 'copy up to 5000000 rows' or 'copy up to 2GB' (also a copy where it has none: DuckDB, PostgreSQL), none, or full-refresh (dbt runs with --full-refresh)",
    ...PROJECT_DIR_HELP,
  },
  options: {
    warehouse: { type: "string" },
    "meta-schema": { type: "string" },
    "connect-timeout": { type: "string" },
    "statement-timeout": { type: "string" },
    "lock-timeout": { type: "string" },
    repository: { type: "string" },
    "repository-id": { type: "string" },
    project: { type: "string" },
    legacy: { type: "boolean" },
    pr: { type: "string" },
    name: { type: "string" },
    manifest: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    target: { type: "string" },
    sources: { type: "string" },
    "head-sha": { type: "string" },
    "run-results": { type: "string" },
    "build-manifest": { type: "string" },
    "promoted-by": { type: "string" },
    "allow-non-atomic": { type: "boolean" },
    "retention-days": { type: "string" },
    id: { type: "string" },
    resume: { type: "boolean" },
    "open-prs": { type: "string" },
    "dry-run": { type: "boolean" },
    merged: { type: "boolean" },
    select: { type: "string", multiple: true },
    exclude: { type: "string", multiple: true },
    budget: { type: "string" },
    "query-timeout": { type: "string" },
    "sample-rows": { type: "string" },
    "show-keys": { type: "string" },
    format: { type: "string" },
    "incremental-start": { type: "string" },
    ...COLUMN_IMPACT_OPTION,
    ...PROJECT_DIR_OPTION,
  },
  positionals: {
    name: "SUBCOMMAND (create, refresh, record, cleanup, promote, rollback, list, gc, repair, diff)",
    required: true,
  },
  examples: [
    "ods-state env create --pr 7 --manifest target/manifest.json --sources target/sources.json --warehouse duckdb:shop.duckdb",
    "ods-state env create --pr 7 --manifest target/manifest.json --incremental-start 'copy up to 1000000 rows'",
    "ods-state env record --pr 7 --manifest pr/manifest.json --run-results target/run_results.json",
    "ods-state env promote --pr 7 --manifest target/manifest.json --sources target/sources.json --dry-run",
    "ods-state env promote --pr 7 --manifest target/manifest.json --sources target/sources.json --state .ods/state.db --promoted-by main-run-42",
    "ods-state env cleanup --pr 7 --dry-run",
    "ods-state env gc --retention-days 3",
    "ods-state env cleanup --pr 7 --project shop --repository acme/analytics --dry-run",
    "ods-state env cleanup --pr 7 --project shop --legacy",
    "ods-state env gc --project shop --retention-days 3",
    "ods-state env repair --state .ods/state.db --manifest target/manifest.json",
    "ods-state env diff --pr 7 --manifest target/manifest.json --state .ods/state.db --format markdown",
  ],
  async run(values, positionals, context) {
    const [sub, ...extra] = positionals;
    if (!(ENV_SUBCOMMANDS as readonly string[]).includes(sub ?? "") || extra.length > 0) {
      throw new UserError(
        "usage",
        `ods-state env: ${sub === undefined ? "missing subcommand" : extra.length > 0 ? `unexpected \`${extra[0]}\`` : `unknown subcommand \`${sub}\``}; one of ${ENV_SUBCOMMANDS.join(", ")}.`,
        { hint: "Run `ods-state env --help` for the usage." },
      );
    }
    switch (sub as Subcommand) {
      case "create":
      case "refresh":
        return envCreateOrRefresh(values, context, sub as "create" | "refresh");
      case "record":
        return envRecord(values, context);
      case "cleanup":
        return envCleanup(values, context);
      case "promote":
        return envPromote(values, context);
      case "rollback":
        return envRollback(values, context);
      case "list":
        return envList(values, context);
      case "gc":
        return envGc(values, context);
      case "repair":
        return envRepair(values, context);
      case "diff":
        return envDiff(values, context);
    }
  },
};
