/**
 * The values a build sees at run time, as the edge can tell them (issue 36):
 * a small port the pure core asks, built here from plain data the edge read
 * (the job's environment, the project files' `vars:`, the run's `--vars`,
 * the target). Nothing here is stored or logged: the core keeps only keyed
 * digests of what it is told (value-digests.ts).
 *
 * `var(name)` for a node of package P (dbt-core 1.12.latest
 * core/dbt/context/providers.py `ModelConfiguredVar._generate_merged`,
 * core/dbt/config/project.py `VarProvider.vars_for`, core/dbt/utils/utils.py
 * `MultiDict`, whose last source wins): the `--vars` of the invocation, then
 * the root project's `vars.<P>`, then its global `vars`, then (P not the
 * root) P's own `vars.<P>` and global `vars`. A string value is rendered as
 * Jinja when read (core/dbt/context/base.py `Var.get_rendered_var`): one
 * holding `{{` or `{%` is not a value ODS can know.
 */
import { SECRET_ENV_PREFIX } from "./value-reads.js";

/** What a lookup found: a value, nothing set, or nothing ODS can see (and why). */
export type ValueLookup =
  | { state: "set"; value: unknown }
  | { state: "unset" }
  | { state: "unseen"; why: string };

export interface RunTimeValues {
  envVar(name: string): ValueLookup;
  /** The var as a node of `packageName` reads it. */
  var(name: string, packageName: string): ValueLookup;
  /** A field of `target` (profile.py `Profile.to_target_dict`). */
  target(field: string): ValueLookup;
}

/** The `vars:` of each project's dbt_project.yml by project name: null when it couldn't be read. */
export interface ProjectVars {
  root: string;
  vars: ReadonlyMap<string, Readonly<Record<string, unknown>> | null>;
}

/** The target's fields ODS knows (src/state/snapshot.ts `TargetIdentity`). */
export interface KnownTarget {
  name?: string | null;
  adapter_type?: string | null;
  database?: string | null;
  schema?: string | null;
}

export interface RunTimeValueSources {
  /** The build's environment; null when it isn't visible (and `envUnseen` says why). */
  env: Readonly<Record<string, string | undefined>> | null;
  envUnseen?: string;
  projectVars: ProjectVars | null;
  projectVarsUnseen?: string;
  /** The invocation's `--vars` ({} when none were passed); null when not known. */
  cliVars: Readonly<Record<string, unknown>> | null;
  cliVarsUnseen?: string;
  target: KnownTarget | null;
}

const UNSET: ValueLookup = { state: "unset" };

/**
 * Target fields by the TargetIdentity field that holds them: `name` and
 * `target_name` are the target's name (Profile.to_target_dict), `type` the
 * adapter; `dbname` (dbt-postgres), `project` and `dataset` (dbt-bigquery)
 * are the credentials' aliases of database and schema
 * (`Credentials._ALIASES`, listed by `connection_info(with_aliases=True)`).
 */
const TARGET_FIELDS: Readonly<Record<string, keyof KnownTarget>> = {
  name: "name",
  target_name: "name",
  type: "adapter_type",
  database: "database",
  dbname: "database",
  project: "database",
  schema: "schema",
  dataset: "schema",
};

export function isKnownTargetField(field: string): boolean {
  return Object.hasOwn(TARGET_FIELDS, field);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rendered(value: unknown, where: string): ValueLookup {
  if (typeof value === "string" && (value.includes("{{") || value.includes("{%")))
    return { state: "unseen", why: `its value in ${where} is Jinja, rendered only when dbt runs` };
  return { state: "set", value };
}

export function runTimeValuesOf(sources: RunTimeValueSources): RunTimeValues {
  return {
    envVar(name) {
      // dbt refuses these in a build's context (value-reads.ts): never looked at.
      if (name.startsWith(SECRET_ENV_PREFIX)) return { state: "unseen", why: "it is a secret" };
      if (sources.env === null)
        return { state: "unseen", why: sources.envUnseen ?? "the build's environment was not given" };
      const value = Object.hasOwn(sources.env, name) ? sources.env[name] : undefined;
      return value === undefined ? UNSET : { state: "set", value };
    },
    var(name, packageName) {
      const cli = sources.cliVars;
      if (cli === null)
        return { state: "unseen", why: sources.cliVarsUnseen ?? "the run's `--vars` are not known" };
      if (Object.hasOwn(cli, name)) return rendered(cli[name], "`--vars`");
      const projects = sources.projectVars;
      const unseen: ValueLookup = {
        state: "unseen",
        why: sources.projectVarsUnseen ?? "the project's dbt_project.yml `vars:` were not read",
      };
      if (projects === null) return unseen;
      const order = packageName === projects.root ? [projects.root] : [projects.root, packageName];
      for (const project of order) {
        if (!projects.vars.has(project)) continue; // not installed: dbt doesn't read it either
        const vars = projects.vars.get(project) ?? null;
        if (vars === null)
          return {
            state: "unseen",
            why: `the \`vars:\` of project \`${project}\`'s dbt_project.yml could not be read`,
          };
        const scoped = vars[packageName];
        if (isRecord(scoped) && Object.hasOwn(scoped, name))
          return rendered(scoped[name], `\`${project}\`'s dbt_project.yml`);
        if (Object.hasOwn(vars, name)) return rendered(vars[name], `\`${project}\`'s dbt_project.yml`);
      }
      return UNSET;
    },
    target(field) {
      const known = sources.target;
      const slot = Object.hasOwn(TARGET_FIELDS, field) ? TARGET_FIELDS[field]! : null;
      const value = known && slot ? known[slot] : undefined;
      if (value === undefined || value === null)
        return {
          state: "unseen",
          why:
            slot === null
              ? `ODS doesn't know the target's \`${field}\` (it knows name, type, database and schema)`
              : `the target's \`${field}\` was not given`,
        };
      return { state: "set", value };
    },
  };
}

/** The same values, with the invocation's `--vars` replaced (a recorded run's, from run_results.json). */
export function withCliVars(
  sources: RunTimeValueSources,
  cliVars: Readonly<Record<string, unknown>> | null,
): RunTimeValueSources {
  return {
    ...sources,
    cliVars,
    ...(cliVars === null ? { cliVarsUnseen: "run_results.json has no `args.vars`" } : {}),
  };
}
