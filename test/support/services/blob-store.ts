/**
 * The blob storage the results service's signed URLs point at: the subset of
 * the Azure Blob REST API that @azure/storage-blob and the plain
 * @actions/http-client downloads send.
 *
 * - `PUT <blob>` with `x-ms-blob-type: BlockBlob`: Put Blob (the cache
 *   client's `uploadFile` of an archive under 128 MiB).
 * - `PUT <blob>?comp=block&blockid=<base64>`: Put Block, and
 *   `PUT <blob>?comp=blocklist` with `<BlockList><Latest>…</Latest></BlockList>`:
 *   Put Block List (the artifact client's `uploadStream`, always staged).
 * - `GET` / `HEAD <blob>`, with `Range` or `x-ms-range: bytes=a-b` (206).
 *
 * URLs are path-style (`/<account>/<container>/<blob>`, as the SDK expects for
 * an IP host) and carry a SAS-like query: `sp` (r, or cw), `se` (expiry) and
 * `sig`, an HMAC over path, permissions and expiry. A missing or wrong
 * signature is 403 AuthenticationFailed, a write with a read URL 403
 * AuthorizationPermissionMismatch, as Azure answers. Areas for faults:
 * `upload`, `download`.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import { type FakeRequest, type FakeResponse, FakeServer } from "./fake-server.js";

export const BLOB_ACCOUNT = "fakeaccount";
const API_VERSION = "2025-11-05";

interface StoredBlob {
  data: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export class BlobStore {
  readonly server: FakeServer;
  private readonly secret = randomUUID();
  private readonly blobs = new Map<string, StoredBlob>();
  private readonly staged = new Map<string, Map<string, Buffer>>();

  constructor() {
    this.server = new FakeServer({
      name: "blob-store",
      route: (request) => {
        const area = request.method === "PUT" ? "upload" : "download";
        return { area, handle: (r) => this.handle(r) };
      },
      errorResponse: (status, message) =>
        azureError(status, statusCode(status), message ?? `The server answered ${status} (fault).`),
    });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** A signed URL for `blob` (`container/name`): `r` to read, `cw` to create and write. */
  signedUrl(blob: string, permissions: "r" | "cw", ttlMs = 60 * 60 * 1000): string {
    const path = `/${BLOB_ACCOUNT}/${blob}`;
    const expiry = new Date(Date.now() + ttlMs).toISOString().replace(/\.\d+Z$/, "Z");
    const url = new URL(path, this.server.url);
    url.searchParams.set("sv", API_VERSION);
    url.searchParams.set("sr", "b");
    url.searchParams.set("sp", permissions);
    url.searchParams.set("se", expiry);
    url.searchParams.set("sig", this.sign(path, permissions, expiry));
    return url.toString();
  }

  has(blob: string): boolean {
    return this.blobs.has(`/${BLOB_ACCOUNT}/${blob}`);
  }

  read(blob: string): Buffer | undefined {
    return this.blobs.get(`/${BLOB_ACCOUNT}/${blob}`)?.data;
  }

  size(blob: string): number | undefined {
    return this.read(blob)?.length;
  }

  /** Puts content directly (seeding), or replaces it (tampering). */
  write(blob: string, data: Buffer, contentType = "application/octet-stream"): void {
    this.store(`/${BLOB_ACCOUNT}/${blob}`, data, contentType);
  }

  private sign(path: string, permissions: string, expiry: string): string {
    return createHmac("sha256", this.secret).update(`${path}\n${permissions}\n${expiry}`).digest("base64");
  }

  private store(path: string, data: Buffer, contentType: string): StoredBlob {
    const blob: StoredBlob = {
      data,
      contentType,
      etag: `"0x${createHash("md5").update(data).update(randomUUID()).digest("hex").slice(0, 16).toUpperCase()}"`,
      lastModified: new Date(),
    };
    this.blobs.set(path, blob);
    return blob;
  }

  private handle(request: FakeRequest): FakeResponse {
    const path = decodeURIComponent(request.url.pathname);
    const query = request.url.searchParams;
    const permissions = query.get("sp") ?? "";
    const expiry = query.get("se") ?? "";
    const signature = query.get("sig") ?? "";
    if (!signature || signature !== this.sign(path, permissions, expiry)) {
      return azureError(403, "AuthenticationFailed", "Signature did not match or is missing.");
    }
    if (Number.isNaN(Date.parse(expiry)) || Date.parse(expiry) < Date.now()) {
      return azureError(403, "AuthenticationFailed", "Signed expiry time has passed.");
    }
    const writing = request.method === "PUT";
    if (writing ? !permissions.includes("w") : !permissions.includes("r")) {
      return azureError(
        403,
        "AuthorizationPermissionMismatch",
        "This request is not authorized to perform this operation using this permission.",
      );
    }
    switch (request.method) {
      case "PUT":
        return this.put(path, request);
      case "GET":
      case "HEAD":
        return this.get(path, request);
      default:
        return azureError(405, "UnsupportedHttpVerb", `The resource doesn't support ${request.method}.`);
    }
  }

  private put(path: string, request: FakeRequest): FakeResponse {
    const comp = request.url.searchParams.get("comp");
    if (comp === "block") {
      const blockId = request.url.searchParams.get("blockid");
      if (!blockId) return azureError(400, "MissingRequiredQueryParameter", "blockid is required.");
      const blocks = this.staged.get(path) ?? new Map<string, Buffer>();
      blocks.set(blockId, request.body);
      this.staged.set(path, blocks);
      return { status: 201, headers: { ...commonHeaders(), "content-md5": md5(request.body) } };
    }
    if (comp === "blocklist") {
      const ids = [
        ...request.body.toString("utf8").matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g),
      ].map((m) => m[2]!);
      const blocks = this.staged.get(path) ?? new Map<string, Buffer>();
      const parts: Buffer[] = [];
      for (const id of ids) {
        const block = blocks.get(id);
        if (!block) return azureError(400, "InvalidBlockList", `The block ${id} was not staged.`);
        parts.push(block);
      }
      this.staged.delete(path);
      const contentType = header(request, "x-ms-blob-content-type") ?? "application/octet-stream";
      const blob = this.store(path, Buffer.concat(parts), contentType);
      return {
        status: 201,
        headers: { ...commonHeaders(), etag: blob.etag, "last-modified": blob.lastModified.toUTCString() },
      };
    }
    if (comp) return azureError(400, "InvalidQueryParameterValue", `comp=${comp} is not supported here.`);
    if (header(request, "x-ms-blob-type") !== "BlockBlob") {
      return azureError(400, "MissingRequiredHeader", "x-ms-blob-type: BlockBlob is required.");
    }
    const contentType = header(request, "x-ms-blob-content-type") ?? "application/octet-stream";
    const blob = this.store(path, request.body, contentType);
    return {
      status: 201,
      headers: {
        ...commonHeaders(),
        etag: blob.etag,
        "last-modified": blob.lastModified.toUTCString(),
        "content-md5": md5(request.body),
      },
    };
  }

  private get(path: string, request: FakeRequest): FakeResponse {
    const blob = this.blobs.get(path);
    if (!blob) return azureError(404, "BlobNotFound", "The specified blob does not exist.");
    const headers: Record<string, string | number> = {
      ...commonHeaders(),
      "content-type": blob.contentType,
      etag: blob.etag,
      "last-modified": blob.lastModified.toUTCString(),
      "accept-ranges": "bytes",
      "x-ms-blob-type": "BlockBlob",
      "x-ms-lease-state": "available",
      "x-ms-lease-status": "unlocked",
      "x-ms-server-encrypted": "true",
    };
    const range = header(request, "x-ms-range") ?? header(request, "range");
    if (range) {
      const match = /^bytes=(\d+)-(\d*)$/.exec(range);
      if (!match) return azureError(416, "InvalidRange", `Unsupported range ${range}.`);
      const start = Number(match[1]);
      const end = match[2] ? Math.min(Number(match[2]), blob.data.length - 1) : blob.data.length - 1;
      if (start >= blob.data.length) {
        return azureError(
          416,
          "InvalidRange",
          "The range specified is invalid for the current size of the resource.",
        );
      }
      const part = blob.data.subarray(start, end + 1);
      return {
        status: 206,
        headers: {
          ...headers,
          "content-range": `bytes ${start}-${end}/${blob.data.length}`,
          "content-length": part.length,
        },
        body: part,
      };
    }
    return {
      status: 200,
      headers: { ...headers, "content-length": blob.data.length, "content-md5": md5(blob.data) },
      body: blob.data,
    };
  }
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function md5(data: Buffer): string {
  return createHash("md5").update(data).digest("base64");
}

function commonHeaders(): Record<string, string> {
  return {
    "x-ms-request-id": randomUUID(),
    "x-ms-version": API_VERSION,
    "x-ms-request-server-encrypted": "true",
    date: new Date().toUTCString(),
  };
}

function statusCode(status: number): string {
  if (status === 403) return "AuthenticationFailed";
  if (status === 404) return "ResourceNotFound";
  if (status === 503) return "ServerBusy";
  return "InternalError";
}

export function azureError(status: number, code: string, message: string): FakeResponse {
  return {
    status,
    headers: { ...commonHeaders(), "content-type": "application/xml", "x-ms-error-code": code },
    body: `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}\nRequestId:${randomUUID()}\nTime:${new Date().toISOString()}</Message></Error>`,
  };
}
