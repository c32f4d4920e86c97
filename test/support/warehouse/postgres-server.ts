/**
 * A real, throwaway PostgreSQL server for the environment tests: initdb into
 * a temporary folder, started on 127.0.0.1 with a free port and its socket in
 * that folder, stopped (and the folder removed) by `stop()`.
 *
 * initdb refuses to run as root: when the tests run as root the server runs
 * as the `postgres` system user (through `runuser`), on a folder it owns.
 * Finds the binaries on PATH, else in /usr/lib/postgresql/<version>/bin.
 * `postgresAvailable()` says why not when it can't start one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresServer {
  /** postgres://ods@127.0.0.1:PORT/postgres (trust authentication; no password). */
  url: string;
  port: number;
  /** A URL for another database on the same server (created by createDatabase). */
  urlFor(database: string): string;
  createDatabase(name: string): void;
  stop(): void;
}

function findBin(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(root, version, "bin", name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

interface Runner {
  run(bin: string, args: string[]): void;
  chown(dir: string): void;
}

function runner(): Runner | string {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    return {
      run: (bin, args) => {
        execFileSync(bin, args, { stdio: "pipe" });
      },
      chown: () => {},
    };
  }
  const probe = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const runuser = findBin("runuser") ?? (existsSync("/usr/sbin/runuser") ? "/usr/sbin/runuser" : null);
  if (probe.status !== 0 || !runuser) {
    return "running as root without a `postgres` user and runuser: initdb refuses to run as root";
  }
  const uid = Number(probe.stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  return {
    run: (bin, args) => {
      execFileSync(runuser, ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" });
    },
    chown: (dir) => {
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    },
  };
}

/** Null when a server can be started here, else why not. */
export function postgresAvailable(): string | null {
  if (!findBin("initdb") || !findBin("pg_ctl"))
    return "PostgreSQL server binaries (initdb, pg_ctl) not found";
  const r = runner();
  return typeof r === "string" ? r : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * An initdb'd data folder, made once per PostgreSQL version and machine and
 * copied for each server (a copy costs a tenth of an initdb): built in a
 * folder of its own, then renamed into place, so that test files starting
 * servers at once never see half of one.
 */
function clusterTemplate(initdb: string, r: Runner): string {
  const version = execFileSync(initdb, ["--version"], { encoding: "utf8" }).trim();
  const key = createHash("sha256").update(`${initdb}\n${version}`).digest("hex").slice(0, 12);
  const template = path.join(os.tmpdir(), `ods-pg-template-${key}`);
  if (existsSync(path.join(template, "data", "PG_VERSION"))) return path.join(template, "data");
  const building = mkdtempSync(path.join(os.tmpdir(), "ods-pg-template-build-"));
  chmodSync(building, 0o755);
  r.chown(building);
  chmodSync(building, 0o755);
  r.run(initdb, [
    "-D",
    path.join(building, "data"),
    "-A",
    "trust",
    "-U",
    "ods",
    "-E",
    "UTF8",
    "--no-sync",
    "--no-instructions",
  ]);
  try {
    renameSync(building, template);
  } catch {
    // Another file made it first: use theirs (or, if what is there is no cluster, this one).
    if (!existsSync(path.join(template, "data", "PG_VERSION"))) return path.join(building, "data");
    rmSync(building, { recursive: true, force: true });
  }
  return path.join(template, "data");
}

function tools(): { pgCtl: string; psql: string | null; initdb: string; r: Runner } {
  const initdb = findBin("initdb");
  const pgCtl = findBin("pg_ctl");
  const r = runner();
  if (!initdb || !pgCtl || typeof r === "string") {
    throw new Error(`cannot start PostgreSQL: ${postgresAvailable()}`);
  }
  return { initdb, pgCtl, psql: findBin("psql"), r };
}

/** Where a running server is: its folder (data/, socket/, server.log) and port. */
export interface PostgresLocation {
  root: string;
  port: number;
}

export async function startPostgres(): Promise<PostgresServer & { location: PostgresLocation }> {
  const { initdb, pgCtl, r } = tools();
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-pg-"));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  for (const dir of [root]) r.chown(dir);
  chmodSync(root, 0o755);
  r.run("/bin/cp", ["-a", clusterTemplate(initdb, r), dataDir]);
  r.run("/bin/mkdir", ["-p", socketDir]);
  let port = 0;
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      r.run(pgCtl, [
        "-D",
        dataDir,
        "-l",
        path.join(root, "server.log"),
        "-w",
        "-t",
        "30",
        "-o",
        `-h 127.0.0.1 -p ${port} -k ${socketDir} -F -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
        "start",
      ]);
      break;
    } catch (error) {
      if (attempt >= 2) {
        rmSync(root, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const location = { root, port };
  return { ...attachPostgres(location), location };
}

/** Stops the server at `location` and removes its folder (also when pg_ctl fails, then throws). */
export function stopPostgresAt(location: PostgresLocation): void {
  const { pgCtl, r } = tools();
  try {
    r.run(pgCtl, ["-D", path.join(location.root, "data"), "-m", "immediate", "-w", "stop"]);
  } finally {
    rmSync(location.root, { recursive: true, force: true });
  }
}

/** The server started at `location` (by this process or another); `stop()` stops it for all. */
export function attachPostgres(location: PostgresLocation): PostgresServer {
  const { psql, r } = tools();
  const { port } = location;
  const urlFor = (database: string) => `postgres://ods@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped = false;
  return {
    url: urlFor("postgres"),
    port,
    urlFor,
    createDatabase(name) {
      if (!psql) throw new Error("psql not found");
      r.run(psql, [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "ods",
        "-d",
        "postgres",
        "-v",
        "ON_ERROR_STOP=1",
        "-c",
        `create database "${name.replaceAll('"', '""')}"`,
      ]);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      stopPostgresAt(location);
    },
  };
}
