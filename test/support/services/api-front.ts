/**
 * A stable address in front of a changing REST fake.
 *
 * @actions/github computes its API base URL from GITHUB_API_URL once, when
 * the module is first loaded (`defaults.baseUrl` in its lib/utils.js), and
 * @actions/artifact's `downloadArtifact({ findBy })` uses that client. On a
 * runner every step is a fresh process, so that is fine; a test process that
 * starts a REST fake per test on port 0 needs one address for the whole file.
 * The front listens once; each test points it at its own fake. It forwards
 * requests unchanged (the fake behind it records them).
 *
 * A vitest worker that keeps its modules between files (`isolate: false`)
 * keeps @actions/github's base URL for all of them, so the front is one per
 * worker process (`workerApiFront`), not one per file: every file's services
 * stand behind it in turn. Two services behind it at once would send one's
 * requests to the other's fake, so pointing it while it points elsewhere is
 * an error that says so, not a silent redirect.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export class ApiFront {
  private readonly server: http.Server;
  private target: string | undefined;

  constructor() {
    this.server = http.createServer((req, res) => {
      if (!this.target) {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "no REST fake behind the front" }));
        return;
      }
      const target = new URL(req.url ?? "/", this.target);
      const upstream = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (response) => {
          res.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(res);
        },
      );
      upstream.on("error", () => req.socket.destroy());
      req.pipe(upstream);
    });
  }

  /** The server no longer keeps the process alive. */
  unref(): this {
    this.server.unref();
    return this;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Where requests go from now on (undefined: answer 502). */
  pointAt(url: string | undefined): void {
    if (url !== undefined && this.target !== undefined && this.target !== url) {
      throw new Error(
        `the API front at ${this.url} already stands before ${this.target}: stop those services before starting others (one set per test file at a time)`,
      );
    }
    this.target = url;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}

let workerFront: Promise<ApiFront> | undefined;

/**
 * The worker process's front: started at its first use and never stopped (its
 * server does not keep the process alive), so GITHUB_API_URL names the same
 * address for every file the worker runs.
 */
export function workerApiFront(): Promise<ApiFront> {
  workerFront ??= new ApiFront().start().then((front) => front.unref());
  return workerFront;
}
