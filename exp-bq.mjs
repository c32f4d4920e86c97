import { writeFileSync } from "node:fs";
import { silent } from "/tmp/exp/silent.mjs";
const t0 = Date.now();
const { BigQuery } = await import("@google-cloud/bigquery");
console.log("import ms", Date.now() - t0);
const { port, sockets } = await silent();
const mode = process.argv[2];
const usePort = mode === "refused" ? 1 : port;
writeFileSync("/tmp/exp/subject", "SUBJECTTOKEN");
writeFileSync("/tmp/exp/creds.json", JSON.stringify({ type: "external_account", audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q", subject_token_type: "urn:ietf:params:oauth:token-type:jwt", token_url: `http://127.0.0.1:${usePort}/v1/token`, credential_source: { file: "/tmp/exp/subject" } }));
const bq = new BigQuery({ projectId: "proj", apiEndpoint: `http://127.0.0.1:${usePort}`, location: "EU", maxRetries: 0 });
const started = Date.now();
try { const r = await bq.createQueryJob({ query: "SELECT 1", dryRun: true }); console.log("ok", r); } catch (e) { console.log("err", Date.now() - started, e.code, e.message?.slice(0, 300)); }
process.on("exit", () => console.log("exit at", Date.now() - started));
setTimeout(() => console.log("sockets", sockets.size), 1000).unref();
