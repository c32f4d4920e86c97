/**
 * The ports the lifecycle runs over: what the runner gives
 * (src/github/runner-ports.ts: log, outputs, step state, state transport,
 * comment, clock) and the adapters the entry point opened (src/adapters.ts:
 * state databases, warehouses). src/main.ts and src/post.ts build them;
 * tests build them from real local parts (HTTP servers, files). Nothing
 * under src/run/ imports @actions/*, opens a database or reads process.env.
 */
import type { Adapters } from "../app/ports.js";
import type { RunnerPorts } from "../github/runner-ports.js";

export type Ports = RunnerPorts & Adapters;
