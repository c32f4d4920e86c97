import { silent } from "/tmp/exp/silent.mjs";
const t0 = Date.now();
const { DBSQLClient } = await import("@databricks/sql");
console.log("import ms", Date.now() - t0);
const { port, sockets } = await silent();
const mode = process.argv[2];
const usePort = mode === "refused" ? 1 : port;
const client = new DBSQLClient({ logger: { log() {} } });
const started = Date.now();
try {
  await client.connect({ host: "127.0.0.1", port: usePort, path: "/sql/1.0/warehouses/abc", token: "dapiSECRET", telemetryEnabled: false, });
  console.log("connected", Date.now() - started);
  const s = await client.openSession({ initialCatalog: "main" });
  console.log("session", s);
} catch (e) { console.log("err", Date.now() - started, e.constructor.name, e.code, e.message?.slice(0, 300)); }
process.on("exit", () => console.log("exit at", Date.now() - started));
setTimeout(() => console.log("sockets", sockets.size, process.getActiveResourcesInfo()), 1000).unref();
