/**
 * What a promotion reads ahead for its table replacements (PostgreSQL), and
 * when that is still true.
 *
 * Inside a promotion's transaction, `prepare` reads for all of its
 * replacements at once what `replaceTable` would read for each (the prod
 * table's OID, owner and privileges; the views and materialized views reading
 * it; the owner and privileges of the environment's table that takes its
 * name): three catalog queries for the promotion instead of five per table.
 * `take` gives a replacement its read-ahead only while it is provably what
 * reading it then would give; `check` checks at the end of the transaction
 * the privileges taken from it. Everything here holds only inside the
 * transaction it was read in (`forget`).
 */
import type { QualifiedName } from "../../warehouse/names.js";
import { stagedNamesTaken, type ViewDefinition } from "./postgres-catalog.js";
import {
  type Access,
  accessOfOids,
  type MaterializedView,
  privilegeSet,
  type Run,
  readersOf,
  sameAccess,
  tablesAt,
} from "./postgres-keep.js";

/**
 * What `prepare` read ahead for one replacement: the prod table and its
 * readers (with the OIDs each reader reads), and the environment's table that
 * will take its name.
 */
export interface ReadAhead {
  replaced: { oid: string; access: Access; read: boolean } | null;
  views: (ViewDefinition & { reads: string[] })[];
  materialized: (MaterializedView & { reads: string[] })[];
  source: QualifiedName;
  replacement: { oid: string; access: Access };
  /** The name the source is staged under, and whether a relation had it in the source's schema (stageTable). */
  staged: { identifier: string; taken: boolean } | null;
}

export class ReplacementReadAhead {
  /**
   * Read ahead by `prepare` for the transaction under way, by the target's
   * key; each is used once, by `replaceTable`, and only while it is provably
   * what reading it then would give (see `take`).
   */
  readonly byTarget = new Map<string, ReadAhead>();
  /** The environment's table (key) each read-ahead replacement will take from (stageTable records the move). */
  readonly staged = new Map<string, string>();
  /** OIDs of relations renamed or moved in this transaction, and views recreated (or left) by a replacement. */
  readonly renamedOids = new Set<string>();
  readonly touchedViews = new Set<string>();
  /** Replacements whose privileges were taken as read ahead: checked at once by `check`. */
  readonly toCheck: { target: QualifiedName; oid: string; wanted: Access }[] = [];

  /** The key of a name (the warehouse's identifier rules). */
  private readonly key: (name: QualifiedName) => string;

  constructor(key: (name: QualifiedName) => string) {
    this.key = key;
  }

  forget(): void {
    this.byTarget.clear();
    this.staged.clear();
    this.renamedOids.clear();
    this.touchedViews.clear();
    this.toCheck.length = 0;
  }

  /** Reads ahead for `items` (see the module's comment); only inside the promotion's transaction. */
  async prepare(
    run: Run,
    items: readonly { target: QualifiedName; source: QualifiedName; staged?: string }[],
  ): Promise<void> {
    // What an earlier read left; the transaction's renames, touched views and pending checks stay.
    this.byTarget.clear();
    this.staged.clear();
    const tables = await tablesAt(run, [
      ...items.map((item) => item.target),
      ...items.map((item) => item.source),
    ]);
    const at = new Map(tables.map((table) => [this.key(table.name), table]));
    const read = tables.filter(
      (table) => table.read && items.some((i) => this.key(i.target) === this.key(table.name)),
    );
    let readers: Awaited<ReturnType<typeof readersOf>> = { views: [], materialized: [] };
    if (read.length > 0) {
      // Definitions with every name schema-qualified (as dependentViews reads them), then the path back.
      await run("SET LOCAL search_path = ''");
      readers = await readersOf(
        run,
        read.map((table) => table.oid),
      );
      await run("SET LOCAL search_path TO DEFAULT");
    }
    // Whether each staged name is taken in its source's schema (stageTable renames there first if it is free).
    const named = items.filter(
      (item) => item.staged !== undefined && item.source.schema !== item.target.schema,
    );
    const taken = new Set<string>();
    if (named.length > 0) {
      for (const name of await stagedNamesTaken(
        run,
        named.map((item) => ({ schema: item.source.schema, identifier: item.staged! })),
      ))
        taken.add(this.key(name));
    }
    for (const item of items) {
      const replaced = at.get(this.key(item.target)) ?? null;
      const replacement = at.get(this.key(item.source));
      if (!replacement) continue;
      this.byTarget.set(this.key(item.target), {
        replaced,
        views: replaced ? readers.views.filter((view) => view.table === replaced.oid) : [],
        materialized: replaced ? readers.materialized.filter((view) => view.table === replaced.oid) : [],
        source: item.source,
        replacement: { oid: replacement.oid, access: replacement.access },
        staged:
          item.staged === undefined || item.source.schema === item.target.schema
            ? null
            : {
                identifier: item.staged,
                taken: taken.has(this.key({ schema: item.source.schema, identifier: item.staged })),
              },
      });
    }
  }

  /**
   * What was read ahead for `target` (used once), if it is still what reading
   * it now would give: the environment's table was moved by stageTable to the
   * name `replacement` (nothing else moved there), no reader of the table was
   * recreated or left by an earlier replacement, and nothing a reader reads
   * was renamed or moved since (its definition names relations by name).
   * Else null, and replaceTable reads it all afresh.
   */
  take(target: QualifiedName, replacement: string, inTransaction: boolean): ReadAhead | null {
    const ahead = this.byTarget.get(this.key(target));
    this.byTarget.delete(this.key(target));
    if (!ahead || !inTransaction) return null;
    if (
      this.staged.get(this.key({ schema: target.schema, identifier: replacement })) !== this.key(ahead.source)
    )
      return null;
    const readers = [...ahead.views, ...ahead.materialized];
    for (const view of readers) {
      if (this.touchedViews.has(this.key({ schema: view.schema, identifier: view.name }))) return null;
      if (view.reads.some((oid) => this.renamedOids.has(oid))) return null;
    }
    return ahead;
  }

  /**
   * Checks, in one query, that every table replaced with what was read
   * ahead holds the owner and privileges of the table it replaced, under
   * its name (as replaceTable checks a table it had to change); throws when
   * one doesn't, which fails the promotion's transaction. `qualified` renders
   * a name for the message.
   */
  async check(run: Run, qualified: (name: QualifiedName) => string): Promise<void> {
    const checks = this.toCheck.splice(0);
    if (checks.length === 0) return;
    const now = await accessOfOids(
      run,
      checks.map((check) => check.oid),
    );
    for (const check of checks) {
      const shown = `${check.target.schema}.${check.target.identifier}`;
      const found = now.get(check.oid);
      if (!found || this.key(found.name) !== this.key(check.target))
        throw new Error(`${shown} is no longer the promoted table`);
      if (!sameAccess(check.wanted, found.access)) {
        throw new Error(
          `${qualified(check.target)} could not be given the replaced relation's owner and privileges (owner ${check.wanted.owner}; ${privilegeSet(check.wanted.privileges).size} privileges wanted, ${privilegeSet(found.access.privileges).size} held)`,
        );
      }
    }
  }
}
