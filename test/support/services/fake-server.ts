/**
 * The HTTP plumbing every local fake shares: a server on 127.0.0.1 (port 0
 * unless told), a record of every request it answered, and fault modes a
 * test switches on per area of the service (an area is a group of routes the
 * service names, e.g. `cache`, `artifacts`, `comments`).
 *
 * Fault modes:
 * - `down`: the listener is closed, so clients get ECONNREFUSED (whole
 *   server; `setDown(false)` listens again on the same port).
 * - `reset`: the connection is accepted and destroyed at once (ECONNRESET).
 * - `status`: the area answers with this status and the service's own error
 *   body (twirp JSON, Azure XML, GitHub JSON), plus any `headers` given
 *   (e.g. `x-ratelimit-remaining: 0` for a rate limit).
 * - `delay`: the answer comes after `ms` (longer than a client's timeout
 *   makes it "slow").
 * - `hang`: no answer at all until the server stops.
 *
 * A fault can be limited to some methods (`setFault("comments", fault,
 * ["POST", "PATCH"])`: a token that reads but can't write).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  | { kind: "reset" }
  | { kind: "status"; status: number; message?: string; headers?: Record<string, string> }
  | { kind: "delay"; ms: number }
  | { kind: "hang" };

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string | number>;
  body?: Buffer | string | object;
}

export interface RecordedRequest {
  server: string;
  area: string;
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  status: number;
  /** Parsed JSON (long strings cut), XML/text (cut), or `{ bytes, sha256 }` for binary bodies. */
  body: unknown;
  /** Set when a fault answered instead of the service. */
  fault?: Fault["kind"];
}

export interface RouteMatch {
  area: string;
  handle(request: FakeRequest): FakeResponse | Promise<FakeResponse>;
}

export interface FakeServerOptions {
  name: string;
  route(request: FakeRequest): RouteMatch | undefined;
  /** The body the service answers an error with (faults, unknown routes); no message: the service's usual one. */
  errorResponse(status: number, message: string | undefined, request: FakeRequest): FakeResponse;
}

const ANY_AREA = "*";

export class FakeServer {
  readonly name: string;
  readonly requests: RecordedRequest[] = [];
  private readonly options: FakeServerOptions;
  private readonly faults = new Map<string, { fault: Fault; methods: string[] | undefined }>();
  private server: http.Server;
  private port = 0;
  private down = false;
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly delays = new Set<{ timer: NodeJS.Timeout; done: () => void }>();

  constructor(options: FakeServerOptions) {
    this.options = options;
    this.name = options.name;
    this.server = this.createServer();
  }

  get url(): string {
    if (this.port === 0) throw new Error(`${this.name} is not started`);
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    await this.listen(port);
    return this;
  }

  /** Switches a fault on for `area` (`*`: every area), for `methods` (default all), or off with `undefined`. */
  setFault(area: string, fault: Fault | undefined, methods?: string[]): void {
    if (fault) this.faults.set(area, { fault, methods: methods?.map((m) => m.toUpperCase()) });
    else this.faults.delete(area);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Down: the port refuses connections. Up again: listens on the same port. */
  async setDown(down: boolean): Promise<void> {
    if (down === this.down) return;
    if (down) {
      await this.close();
      this.down = true;
    } else {
      this.server = this.createServer();
      await this.listen(this.port);
      this.down = false;
    }
  }

  /** Requests recorded for `area` (all when omitted). */
  recorded(area?: string): RecordedRequest[] {
    return area === undefined ? [...this.requests] : this.requests.filter((r) => r.area === area);
  }

  async stop(): Promise<void> {
    if (!this.down) await this.close();
    this.down = true;
  }

  private async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  private async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    for (const delay of this.delays) {
      clearTimeout(delay.timer);
      delay.done();
    }
    this.delays.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private createServer(): http.Server {
    const server = http.createServer((req, res) => {
      void this.serve(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end(`fake ${this.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
        } else {
          res.destroy();
        }
      });
    });
    server.keepAliveTimeout = 1000;
    return server;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const partial: FakeRequest = {
      method: req.method ?? "GET",
      url,
      headers: req.headers,
      body: Buffer.alloc(0),
    };
    const match = this.options.route(partial);
    const area = match?.area ?? "unknown";
    const fault = [this.faults.get(area), this.faults.get(ANY_AREA)].find(
      (f) => f && (!f.methods || f.methods.includes(partial.method)),
    )?.fault;
    if (fault?.kind === "reset") {
      this.record(partial, area, 0, fault.kind);
      req.socket.destroy();
      return;
    }
    const request: FakeRequest = { ...partial, body: await readBody(req) };
    if (fault?.kind === "hang") {
      this.record(request, area, 0, fault.kind);
      this.hanging.add(res);
      res.on("close", () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === "delay") {
      await new Promise<void>((resolve) => {
        const delay = { timer: setTimeout(() => delay.done(), fault.ms), done: () => {} };
        delay.done = () => {
          this.delays.delete(delay);
          resolve();
        };
        this.delays.add(delay);
      });
      if (res.destroyed || !this.server.listening) {
        res.destroy();
        return;
      }
    }
    let response: FakeResponse;
    if (fault?.kind === "status") {
      response = this.options.errorResponse(fault.status, fault.message, request);
      if (fault.headers) response = { ...response, headers: { ...response.headers, ...fault.headers } };
    } else if (match) {
      response = await match.handle(request);
    } else {
      response = this.options.errorResponse(404, `no route for ${request.method} ${url.pathname}`, request);
    }
    this.record(request, area, response.status, fault?.kind === "status" ? "status" : undefined);
    send(res, request.method, response);
  }

  private record(request: FakeRequest, area: string, status: number, fault?: Fault["kind"]): void {
    this.requests.push({
      server: this.name,
      area,
      method: request.method,
      path: request.url.pathname,
      query: Object.fromEntries(request.url.searchParams),
      status,
      body: summarizeBody(request.body, request.headers["content-type"]),
      ...(fault ? { fault } : {}),
    });
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, method: string, response: FakeResponse): void {
  const headers: Record<string, string | number> = { ...(response.headers ?? {}) };
  let body: Buffer;
  if (response.body === undefined) body = Buffer.alloc(0);
  else if (Buffer.isBuffer(response.body)) body = response.body;
  else if (typeof response.body === "string") body = Buffer.from(response.body);
  else {
    body = Buffer.from(JSON.stringify(response.body));
    if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/json; charset=utf-8";
  }
  if (!hasHeader(headers, "content-length")) headers["content-length"] = body.length;
  res.writeHead(response.status, headers);
  res.end(method === "HEAD" ? undefined : body);
}

function hasHeader(headers: Record<string, unknown>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

const CUT = 200;

export function summarizeBody(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0) return undefined;
  const type = (contentType ?? "").toLowerCase();
  const text = body.toString("utf8");
  if (type.includes("json") || /^\s*[{[]/.test(text)) {
    try {
      return cutStrings(JSON.parse(text));
    } catch {
      // not JSON after all
    }
  }
  if (type.includes("xml") || type.startsWith("text/") || text.startsWith("<?xml")) {
    return text.length > CUT ? `${text.slice(0, CUT)}…` : text;
  }
  return { bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") };
}

function cutStrings(value: unknown): unknown {
  if (typeof value === "string") return value.length > CUT ? `${value.slice(0, CUT)}…` : value;
  if (Array.isArray(value)) return value.map(cutStrings);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v)]));
  }
  return value;
}
