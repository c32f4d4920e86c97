/**
 * The BigQuery runner's parameter binding and results (issue 25, layer 3),
 * through the real client (@google-cloud/bigquery) against a local HTTP
 * server that speaks enough of the BigQuery REST API to answer a query job:
 * the token exchange of Application Default Credentials (an external-account
 * file, as Workload Identity Federation writes one), jobs.insert and
 * getQueryResults. What is asserted is what the client sends (the query,
 * its named parameters with their types, the location, the job time-out)
 * and what the runner returns (rows keyed by the statement's aliases, the
 * rows a DML job changed); and a 403 answer is `warehouse_permission_denied`
 * naming the statement. Not asserted: BigQuery's own behaviour (no live
 * service).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWarehouseSpec } from "../../../src/drivers/open.js";
import { openBigQueryRunner } from "../../../src/drivers/providers/bigquery/bigquery-runner.js";
import { BIGQUERY_STATEMENTS } from "../../../src/drivers/providers/bigquery/bigquery-statements.js";
import type { BigQuerySpec } from "../../../src/drivers/providers/provider-spec.js";
import type { StatementRunner } from "../../../src/drivers/providers/statement-runner.js";
import { isUserError } from "../../../src/errors/user-error.js";
import type { RecordTable } from "../../../src/warehouse/warehouse.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-bigquery-runner-"));
const savedAdc = process.env.GOOGLE_APPLICATION_CREDENTIALS;
const TIMEOUTS = { connectMs: 5000, statementMs: 120_000, lockMs: 60_000 };

interface Job {
  query: string;
  location: string | undefined;
  dryRun: boolean;
  jobTimeoutMs: string | undefined;
  parameterMode: string | undefined;
  queryParameters: { name: string; parameterType: { type: string }; parameterValue: { value: unknown } }[];
}

/** Each query job the server received, and how it answers the next one. */
const jobs: Job[] = [];
let answer: { fields: string[]; rows: (string | null)[][]; changed?: number; status?: number } = {
  fields: [],
  rows: [],
};
let server: http.Server;
let spec: BigQuerySpec;
let runner: StatementRunner;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === "/v1/token")
        return send(200, {
          access_token: "local-access-token",
          issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
          token_type: "Bearer",
          expires_in: 3600,
        });
      const insert = /^\/bigquery\/v2\/projects\/([^/]+)\/jobs$/.exec(url.pathname);
      if (insert && request.method === "POST") {
        const job = JSON.parse(body);
        const query = job.configuration.query;
        const dryRun = job.configuration.dryRun === true;
        if (!dryRun)
          jobs.push({
            query: query.query,
            location: job.jobReference?.location,
            dryRun,
            jobTimeoutMs: job.configuration.jobTimeoutMs,
            parameterMode: query.parameterMode,
            queryParameters: query.queryParameters ?? [],
          });
        if (!dryRun && answer.status === 403)
          return send(403, {
            error: {
              code: 403,
              message:
                "Access Denied: Dataset ods-ci-project:ods_meta: Permission bigquery.tables.updateData denied",
              errors: [{ reason: "accessDenied", message: "Access Denied" }],
            },
          });
        return send(200, {
          kind: "bigquery#job",
          id: `${insert[1]}:EU.${job.jobReference.jobId}`,
          jobReference: { projectId: insert[1], jobId: job.jobReference.jobId, location: "EU" },
          configuration: job.configuration,
          status: { state: "DONE" },
          statistics: {
            query: answer.changed !== undefined ? { numDmlAffectedRows: String(answer.changed) } : {},
          },
        });
      }
      const results = /^\/bigquery\/v2\/projects\/[^/]+\/queries\/([^/]+)$/.exec(url.pathname);
      if (results)
        return send(200, {
          kind: "bigquery#getQueryResultsResponse",
          jobComplete: true,
          jobReference: { projectId: "ods-ci-project", jobId: results[1], location: "EU" },
          schema: { fields: answer.fields.map((name) => ({ name, type: "STRING", mode: "NULLABLE" })) },
          rows: answer.rows.map((row) => ({ f: row.map((v) => ({ v })) })),
          totalRows: String(answer.rows.length),
        });
      return send(404, { error: { code: 404, message: `no ${request.method} ${url.pathname} here` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  writeFileSync(path.join(dir, "subject"), "subject-token");
  writeFileSync(
    path.join(dir, "adc.json"),
    JSON.stringify({
      type: "external_account",
      audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/providers/github",
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
      token_url: `http://127.0.0.1:${port}/v1/token`,
      credential_source: { file: path.join(dir, "subject") },
    }),
  );
  process.env.GOOGLE_APPLICATION_CREDENTIALS = path.join(dir, "adc.json");
  spec = parseWarehouseSpec(
    `bigquery://ods-ci-project?location=EU&endpoint=http://127.0.0.1:${port}`,
    dir,
  ) as BigQuerySpec;
  runner = await openBigQueryRunner(spec, TIMEOUTS);
}, 30_000);

afterAll(async () => {
  await runner?.close();
  server?.close();
  if (savedAdc === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
  else process.env.GOOGLE_APPLICATION_CREDENTIALS = savedAdc;
  rmSync(dir, { recursive: true, force: true });
});

const TABLE: RecordTable = {
  name: "environments",
  columns: { name: "text", pr: "integer", head_sha: "text" },
  key: ["name"],
};
const place = { database: "ods-ci-project", location: "EU" };

describe("BigQuery runner over the real client", () => {
  it("binds named values with their types, in the location, with the job time-out; counts the rows DML changed", async () => {
    answer = { fields: [], rows: [], changed: 1 };
    const statement = BIGQUERY_STATEMENTS.insertRecord(place, "ods_meta", TABLE, {
      name: "acme/shop:pr-7",
      pr: 7,
      head_sha: null,
    });
    const result = await runner.run(
      { name: "insertRecord", args: [place, "ods_meta", TABLE, {}] },
      statement,
    );
    expect(result).toEqual({ rows: [], changed: 1 });
    const job = jobs.at(-1)!;
    expect(job.query).toBe(statement.sql);
    expect(job.query).toContain("CAST(NULL AS STRING)");
    expect(job.location).toBe("EU");
    expect(job.jobTimeoutMs).toBe("120000");
    expect(job.parameterMode).toBe("named");
    expect(job.queryParameters).toEqual([
      { name: "p1", parameterType: { type: "STRING" }, parameterValue: { value: "acme/shop:pr-7" } },
      { name: "p2", parameterType: { type: "INT64" }, parameterValue: { value: 7 } },
    ]);
  });

  it("returns rows keyed by the statement's aliases", async () => {
    answer = { fields: ["schema_name"], rows: [["analytics"], ["ods_meta"]] };
    const statement = BIGQUERY_STATEMENTS.listSchemas(place);
    const result = await runner.run({ name: "listSchemas", args: [place] }, statement);
    expect(result).toEqual({ rows: [{ schema_name: "analytics" }, { schema_name: "ods_meta" }], changed: 0 });
    expect(jobs.at(-1)!.queryParameters).toEqual([]);
  });

  it("a refusal for lack of a permission is warehouse_permission_denied naming the statement", async () => {
    answer = { fields: [], rows: [], status: 403 };
    const statement = BIGQUERY_STATEMENTS.deleteRecords(place, "ods_meta", TABLE, { name: "x" });
    const error = await runner
      .run({ name: "deleteRecords", args: [place, "ods_meta", TABLE, {}] }, statement)
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(isUserError(error) && error.code).toBe("warehouse_permission_denied");
    expect((error as Error).message).toMatch(
      /^Permission denied in bigquery:\/\/ods-ci-project for DELETE FROM `ods-ci-project`\.`ods_meta`\.`environments`.*Access Denied/,
    );
  });
});
