import { silent } from "/tmp/exp/silent.mjs";
const t0 = Date.now();
const sf = (await import("snowflake-sdk")).default;
console.log("import ms", Date.now() - t0);
sf.configure({ logLevel: "OFF" });
const { port, sockets } = await silent();
const mode = process.argv[2];
const usePort = mode === "refused" ? 1 : port;
const c = sf.createConnection({ account: "myorg-acct", username: "u", password: "SECRETPW", host: `127.0.0.1`, port: usePort, sfRetryMaxLoginRetries: 1, timeout: 2000 });
const started = Date.now();
const timer = setTimeout(() => { console.log("timer fired", Date.now() - started, "sockets", sockets.size); c.destroy(() => {}); setTimeout(() => console.log("after destroy sockets", sockets.size, process.getActiveResourcesInfo()), 200).unref(); }, Number(process.argv[3] ?? 1500));
try { await c.connectAsync(); console.log("connected?"); } catch (e) { console.log("error", Date.now() - started, e.code, e.message); }
clearTimeout(timer);
const end = Date.now();
process.on("exit", () => console.log("exit after", Date.now() - end));
