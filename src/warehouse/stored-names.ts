/**
 * Names as the warehouse stores them (issue 37, class 2): the objects ODS
 * creates, reads, moves and drops must be the objects dbt writes and reads.
 *
 * dbt writes a relation with its adapter's quote policy (dbt-adapters
 * base/relation.py `BaseRelation.create_from`: the adapter's default, then
 * the project's `quoting:`, then the node's `quoting` config), and the
 * manifest keeps that rendering (`relation_name`), so which parts dbt quotes
 * is read from it (dbt/relation-identity.ts `parseRelationName`). The
 * warehouse then stores each part:
 *
 * - Snowflake: a quoted part exactly; an unquoted one in upper case
 *   (Snowflake "Identifier requirements"). dbt-snowflake quotes nothing by
 *   default (`SnowflakeQuotePolicy`: database, schema, identifier false), so
 *   a model `orders` in schema `analytics_pr_7`, rendered
 *   `DB.analytics_pr_7.orders`, is `ANALYTICS_PR_7.ORDERS`. A part that
 *   can't be written unquoted (not a letter or underscore followed by
 *   letters, digits, `_` and `$`) is refused: dbt's statement would fail too.
 * - PostgreSQL: quoted exactly, unquoted folded to lower case (dbt-postgres
 *   quotes everything by default).
 * - Databricks (Unity Catalog): in lower case, quoted or not.
 * - BigQuery: as written (dataset and table names are case-sensitive);
 *   DuckDB: as written (it compares names ignoring case, and keeps the case
 *   they were created with).
 *
 * ODS quotes every name it sends (names.ts), so once a name is in its stored
 * form, the quoted name reaches exactly the object dbt's unquoted one does,
 * and the catalog, which answers stored names, compares equal to it. The
 * environment lifecycle and promotion turn dbt's names into stored ones
 * where they reach the warehouse or the registry (`StoredNames`); prod's
 * state keeps dbt's names (the planner compares them with the manifest's).
 * A prod relation is stored as prod's state says dbt wrote it: its
 * `relations` (snapshot 1.6) are keyed by each relation folded as the
 * warehouse resolves it, with the quoting of the run that wrote it
 * (relation-identity.ts `relationKey`), which is the stored form when the
 * state was recorded with the warehouse's adapter (`withProd`). Else with the
 * quoting its node has in the manifest at hand (a pull request that changes
 * a node's quoting then names prod's object as it will be); else (cleanup,
 * repair from the registry alone) with the adapter's default, and where
 * prod is protected rather than addressed, under every form it may have.
 */
import type { LoadedProject } from "../dbt/load-project.js";
import { parseRelationName } from "../dbt/relation-identity.js";
import { UserError } from "../errors/user-error.js";
import { setOwn } from "../state/own.js";
import type { Plan, PlanEntry } from "../state/plan.js";
import type { Relation, StateSnapshot } from "../state/snapshot.js";
import { derivedName, type IdentifierRules, type QualifiedName, showName } from "./names.js";

/** Which parts of a relation dbt quotes. */
export interface RelationQuoting {
  readonly database: boolean;
  readonly schema: boolean;
  readonly identifier: boolean;
}

/**
 * Engines whose relationKey folding (relation-identity.ts `foldPart`) is the
 * stored form: Snowflake (unquoted upper), PostgreSQL (unquoted lower),
 * Databricks (lower), BigQuery (as written). DuckDB's folds to lower case
 * for comparison, though it keeps a name's case.
 */
const FOLDED_AS_STORED: ReadonlySet<string> = new Set(["snowflake", "postgres", "databricks", "bigquery"]);

const ALL_QUOTED: RelationQuoting = { database: true, schema: true, identifier: true };
const NONE_QUOTED: RelationQuoting = { database: false, schema: false, identifier: false };

/**
 * dbt's default quote policy of the adapter an engine is written by:
 * dbt-snowflake quotes nothing; dbt-adapters' BaseRelation (dbt-postgres,
 * dbt-duckdb), dbt-bigquery and dbt-databricks quote every part.
 */
export function defaultQuoting(engine: string): RelationQuoting {
  return engine === "snowflake" ? NONE_QUOTED : ALL_QUOTED;
}

/** Which parts dbt quoted in its rendering of a relation; `fallback` where the rendering is absent or not a plain dotted name. */
export function quotingOfRendered(
  rendered: string | null | undefined,
  fallback: RelationQuoting,
): RelationQuoting {
  const parts = rendered ? parseRelationName(rendered) : null;
  if (parts === null || parts.length < 2) return fallback;
  const at = (fromEnd: number, otherwise: boolean) => parts[parts.length - fromEnd]?.quoted ?? otherwise;
  return {
    identifier: at(1, fallback.identifier),
    schema: at(2, fallback.schema),
    database: at(3, fallback.database),
  };
}

const SNOWFLAKE_UNQUOTED = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/**
 * One part of a name as `engine` stores it, dbt writing it quoted or not
 * (`what` names it in a refusal).
 */
export function storedPart(engine: string, text: string, quoted: boolean, what = "name"): string {
  switch (engine) {
    case "snowflake":
      if (quoted) return text;
      if (!SNOWFLAKE_UNQUOTED.test(text)) {
        throw new UserError(
          "identifier_refused",
          `The ${what} ${showName(text)} can't be used unquoted on Snowflake: an unquoted name is a letter or underscore followed by letters, digits, underscores and dollar signs.`,
          { hint: "Quote it in dbt (the `quoting` config) or rename it." },
        );
      }
      return text.toUpperCase();
    case "postgres":
      // PostgreSQL folds the ASCII letters of an unquoted name (downcase_identifier).
      return quoted ? text : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    case "databricks":
      return text.toLowerCase();
    default:
      return text;
  }
}

/**
 * A name ODS derives from a stored identifier (names.ts `derivedName`:
 * `<identifier>__ods_<tag>`, the staged, retired and undone tables of a
 * promotion), written the way the warehouse would store it unquoted when the
 * identifier is one dbt wrote unquoted: on Snowflake, `ORDERS__ODS_R_1A2B3C4D`
 * beside `ORDERS`, so that `analytics.orders__ods_r_1a2b3c4d` finds it as
 * `analytics.orders` finds `ORDERS`. A quoted identifier (`MyTable`) keeps
 * ODS's suffix as written.
 */
export function derivedStoredName(
  engine: string,
  identifier: string,
  tag: string,
  rules: IdentifierRules,
): string {
  const derived = derivedName(identifier, tag, rules);
  if (engine !== "snowflake") return derived;
  const unquoted = SNOWFLAKE_UNQUOTED.test(identifier) && identifier === identifier.toUpperCase();
  return unquoted ? derived.toUpperCase() : derived;
}

/** A relation with each part as `engine` stores it under `quoting`. */
export function storedRelation(
  engine: string,
  relation: Relation,
  quoting: RelationQuoting,
  what = "relation",
): Relation {
  return {
    database:
      relation.database === null
        ? null
        : storedPart(engine, relation.database, quoting.database, `database of ${what}`),
    schema: storedPart(engine, relation.schema, quoting.schema, `schema of ${what}`),
    identifier: storedPart(engine, relation.identifier, quoting.identifier, `relation name of ${what}`),
  };
}

/**
 * dbt's names turned into the warehouse's, with each node's quoting (from
 * its rendering in the manifest or plan at hand) or the adapter's default.
 */
export class StoredNames {
  readonly engine: string;
  private readonly quoting: ReadonlyMap<string, RelationQuoting>;
  private readonly fallback: RelationQuoting;
  /** Prod's relations as prod's state says they were written (withProd), by node. */
  private readonly prodWritten: ReadonlyMap<string, Relation>;

  constructor(
    engine: string,
    quoting: ReadonlyMap<string, RelationQuoting> = new Map(),
    prodWritten: ReadonlyMap<string, Relation> = new Map(),
  ) {
    this.engine = engine;
    this.quoting = quoting;
    this.fallback = defaultQuoting(engine);
    this.prodWritten = prodWritten;
  }

  /**
   * The same, knowing where prod's state says each prod relation was written
   * (its `relations` keys: stored forms, when recorded with this engine's
   * adapter). A node's is the key its recorded build wrote, or the only key
   * it last wrote under its name in any case; none when that is ambiguous.
   */
  withProd(prod: StateSnapshot | null | undefined): StoredNames {
    const written = new Map<string, Relation>();
    if (!prod?.relations || !FOLDED_AS_STORED.has(this.engine) || prod.target?.adapter_type !== this.engine)
      return new StoredNames(this.engine, this.quoting, written);
    const candidates = new Map<string, { name: Relation; same_run: boolean }[]>();
    for (const [key, write] of Object.entries(prod.relations)) {
      const state = Object.hasOwn(prod.nodes, write.node) ? prod.nodes[write.node] : undefined;
      const relation = state?.relation;
      const parts = key.split("\u0000");
      if (!relation || parts.length !== 3) continue;
      const name = {
        database: relation.database === null ? null : parts[0]!,
        schema: parts[1]!,
        identifier: parts[2]!,
      };
      // The relation stored under some quoting: the key is where it was written (not a former one of the node).
      if (
        !this.storedForms(relation.schema).includes(name.schema) ||
        !this.storedForms(relation.identifier).includes(name.identifier)
      )
        continue;
      const list = candidates.get(write.node) ?? [];
      list.push({ name, same_run: write.run_id === state.run_id });
      candidates.set(write.node, list);
    }
    for (const [node, list] of candidates) {
      const sameRun = list.filter((candidate) => candidate.same_run);
      const chosen = sameRun.length === 1 ? sameRun[0] : list.length === 1 ? list[0] : undefined;
      if (chosen) written.set(node, chosen.name);
    }
    return new StoredNames(this.engine, this.quoting, written);
  }

  /** The names the warehouse may store a part dbt writes under (quoted or not). */
  private storedForms(text: string): string[] {
    const forms = [storedPart(this.engine, text, true)];
    try {
      forms.push(storedPart(this.engine, text, false));
    } catch {
      // Not a name Snowflake takes unquoted: only the quoted form.
    }
    return forms;
  }

  /** With each entry's quoting, read from its rendering (`relation_name`). */
  static fromPlan(engine: string, plan: Pick<Plan, "entries">): StoredNames {
    const fallback = defaultQuoting(engine);
    const quoting = new Map<string, RelationQuoting>();
    for (const entry of plan.entries)
      quoting.set(entry.unique_id, quotingOfRendered(entry.relation_name, fallback));
    return new StoredNames(engine, quoting);
  }

  /** With each node's quoting, read from the manifest's `relation_name`. */
  static fromProject(engine: string, project: LoadedProject): StoredNames {
    return StoredNames.fromRenderings(
      engine,
      [...project.graph.nodes].map(([id, node]) => [id, node.node.relation.relationName] as const),
    );
  }

  /** With each node's quoting, read from its rendering. */
  static fromRenderings(
    engine: string,
    renderings: Iterable<readonly [string, string | null | undefined]>,
  ): StoredNames {
    const fallback = defaultQuoting(engine);
    const quoting = new Map<string, RelationQuoting>();
    for (const [id, rendered] of renderings) quoting.set(id, quotingOfRendered(rendered, fallback));
    return new StoredNames(engine, quoting);
  }

  /** How dbt quotes the node's relation (the adapter's default for a node it doesn't know). */
  quotingOf(node: string | null): RelationQuoting {
    return (node === null ? undefined : this.quoting.get(node)) ?? this.fallback;
  }

  /** Whether the node's quoting is known (from a rendering), not the adapter's default. */
  knows(node: string): boolean {
    return this.quoting.has(node);
  }

  /** Prod's relation of the node, as the warehouse stores it (as prod's state says it was written, where it does). */
  prodRelation(relation: Relation, node: string): Relation {
    return this.prodWritten.get(node) ?? this.relation(relation, node);
  }

  /** The node's relation as the warehouse stores it. */
  relation(relation: Relation, node: string | null): Relation {
    return storedRelation(this.engine, relation, this.quotingOf(node), node ?? "relation");
  }

  /** The node's relation, schema-qualified, as the warehouse stores it. */
  qualified(relation: Pick<Relation, "schema" | "identifier">, node: string | null): QualifiedName {
    const quoting = this.quotingOf(node);
    const what = node ?? "relation";
    return {
      schema: storedPart(this.engine, relation.schema, quoting.schema, `schema of ${what}`),
      identifier: storedPart(
        this.engine,
        relation.identifier,
        quoting.identifier,
        `relation name of ${what}`,
      ),
    };
  }

  /** The node's schema as the warehouse stores it. */
  schema(schema: string, node: string | null): string {
    return storedPart(this.engine, schema, this.quotingOf(node).schema, `schema of ${node ?? "relation"}`);
  }

  /**
   * Every way the warehouse may store a relation dbt wrote, its quoting
   * unknown: with the adapter's default, and as written (quoted). For
   * protecting prod (never dropping what it may be), not for addressing it.
   */
  possible(relation: Pick<Relation, "schema" | "identifier">, node: string | null): QualifiedName[] {
    const written = node === null ? undefined : this.prodWritten.get(node);
    if (written) return [{ schema: written.schema, identifier: written.identifier }];
    const known = node !== null && this.knows(node);
    const out = [this.tryQualified(relation, this.quotingOf(node))];
    if (!known) out.push(this.tryQualified(relation, ALL_QUOTED), this.tryQualified(relation, NONE_QUOTED));
    return out.filter((name): name is QualifiedName => name !== null);
  }

  private tryQualified(
    relation: Pick<Relation, "schema" | "identifier">,
    quoting: RelationQuoting,
  ): QualifiedName | null {
    try {
      return {
        schema: storedPart(this.engine, relation.schema, quoting.schema),
        identifier: storedPart(this.engine, relation.identifier, quoting.identifier),
      };
    } catch {
      return null;
    }
  }

  /**
   * The plan with every relation as the warehouse stores it: its own, and
   * its last build's (prod's, given prod's state: as prodRelation says).
   */
  plan(plan: Plan, prod: StateSnapshot | null = null): Plan {
    const entries = plan.entries.map((entry): PlanEntry => {
      const id = entry.unique_id;
      const stored: PlanEntry = { ...entry, relation: this.relation(entry.relation, id) };
      const last = entry.last_build;
      if (last?.relation) {
        const prodState = prod && Object.hasOwn(prod.nodes, id) ? prod.nodes[id] : undefined;
        const isProds = prodState?.run_id === last.run_id && prodState.relation != null;
        stored.last_build = {
          ...last,
          relation: isProds ? this.prodRelation(last.relation, id) : this.relation(last.relation, id),
        };
      }
      return stored;
    });
    return { ...plan, entries };
  }

  /** Prod's state with every node's relation as the warehouse stores it (for reading the warehouse, never for recording). */
  prod(prod: StateSnapshot | null): StateSnapshot | null {
    if (!prod) return prod;
    const nodes: StateSnapshot["nodes"] = {};
    for (const [id, state] of Object.entries(prod.nodes)) {
      setOwn(
        nodes,
        id,
        state.relation ? { ...state, relation: this.prodRelation(state.relation, id) } : state,
      );
    }
    return { ...prod, nodes };
  }
}
