import dc from "node:diagnostics_channel";
import https from "node:https";
import { silent } from "/tmp/exp/silent.mjs";
const { port } = await silent();
const seen = [];
dc.subscribe("net.client.socket", ({ socket }) => { seen.push(socket); socket.on("lookup", (e,a,f,h)=>console.log("lookup", h)); socket.on("connectionAttempt", (ip, p) => console.log("attempt", ip, p)); });
https.get(`https://localhost:${port}/x`).on("error", (e) => console.log("err", e.code));
setTimeout(() => { console.log("seen", seen.length, seen.map(s => s.constructor.name)); for (const s of seen) s.destroy(); }, 500);
