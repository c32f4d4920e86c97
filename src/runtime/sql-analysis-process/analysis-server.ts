/**
 * The child process of the SQL analysis process (analysis-process.ts): loads
 * @polyglot-sql/sdk, warms it on a statement that takes its common paths,
 * says `ready`, then answers each `analyse` request over the IPC channel with
 * the guarded column-facts analysis (column-facts-analyzer.ts). It
 * exits when its parent goes.
 *
 * It runs with `--liftoff-only`: V8's optimising tier recompiles the parser's
 * hot functions on a background thread, which on a 2-core runner costs more
 * CPU than a short-lived plan ever wins back (bench/COLUMN-IMPACT.md).
 */
import { loadAnalyzeSql } from "../column-facts-analyzer.js";
import type { AnalyseRequest, Answer, ServerStatus } from "./protocol.js";

/** Takes the paths most models take (CTEs, joins, aggregates, windows, filters, a union), so the first real model does not pay for compiling them. */
const WARM_UP_SQL = `with a as (select id, cast(amount as decimal(10, 2)) as amount, coalesce(name, 'x') as name from db.s.orders where status <> 'void'),
b as (select a.id, sum(a.amount) as total, count(*) as n, max(case when a.name like 'a%' then 1 else 0 end) as flag from a left join db.s.customers c on a.id = c.id group by 1),
c as (select id, total, row_number() over (partition by id order by total desc) as rn from b)
select id, total, rn from c where rn = 1 union all select id, total, 0 as rn from b`;

function send(message: ServerStatus | Answer): void {
  process.send?.(message);
}

process.on("disconnect", () => process.exit(0));

const loaded = await loadAnalyzeSql();
if (!loaded.ok) {
  send({ type: "failed", error: loaded.error });
  process.disconnect?.();
} else {
  for (const dialect of ["duckdb", "snowflake"]) loaded.analyze(WARM_UP_SQL, dialect);
  process.on("message", (message: AnalyseRequest) => {
    if (message?.type !== "analyse") return;
    // The guarded analysis never throws: anything it cannot read is `{ ok: false }`.
    send({ type: "answer", id: message.id, result: loaded.analyze(message.sql, message.dialect) });
  });
  send({ type: "ready" });
}
