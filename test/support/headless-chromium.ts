/**
 * A real headless browser for the tests, with no npm dependency: Debian's
 * `chromium` started with `--remote-debugging-port=0`, its DevTools URL read
 * from stderr, and the Chrome DevTools Protocol spoken over Node 24's global
 * WebSocket. One browser per test file; each page is a target attached in
 * flat mode (its own CDP session), with Runtime and Log enabled so that
 * console errors and uncaught exceptions are collected.
 *
 * When chromium is absent the tests skip with a message, except under
 * ODS_REQUIRE_CHROMIUM=1 (set by .ci/run), where that is a failure.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CANDIDATES = ["chromium", "chromium-browser"];

/** The chromium executable on PATH, or undefined. */
function chromiumExecutable(): string | undefined {
  for (const name of CANDIDATES) {
    const found = spawnSync("/bin/sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim() !== "") return found.stdout.trim();
  }
  return undefined;
}

/** Why there is no browser here (null when there is one); throws under ODS_REQUIRE_CHROMIUM=1. */
export function chromiumMissing(): string | null {
  if (chromiumExecutable() !== undefined) return null;
  const why = "no `chromium` on PATH (apt-get install chromium)";
  if (process.env.ODS_REQUIRE_CHROMIUM === "1") {
    throw new Error(`A headless browser is required (ODS_REQUIRE_CHROMIUM=1): ${why}`);
  }
  console.warn(`[skip] HTML page tests in a browser: ${why}`);
  return why;
}

// biome-ignore lint/suspicious/noExplicitAny: CDP messages are JSON
type Json = any;

interface Pending {
  resolve: (value: Json) => void;
  reject: (error: Error) => void;
}

export class HeadlessChromium {
  readonly #process: ChildProcess;
  readonly #socket: WebSocket;
  readonly #profile: string;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Set<(message: Json) => void>();
  #nextId = 1;

  private constructor(process: ChildProcess, socket: WebSocket, profile: string) {
    this.#process = process;
    this.#socket = socket;
    this.#profile = profile;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id !== undefined) {
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) pending?.reject(new Error(`CDP: ${JSON.stringify(message.error)}`));
        else pending?.resolve(message.result);
        return;
      }
      for (const listener of this.#listeners) listener(message);
    });
  }

  static async launch(): Promise<HeadlessChromium> {
    const executable = chromiumExecutable();
    if (!executable) throw new Error("no chromium on PATH");
    const profile = mkdtempSync(path.join(os.tmpdir(), "ods-chromium-"));
    const child = spawn(
      executable,
      [
        "--headless=new",
        "--remote-debugging-port=0",
        `--user-data-dir=${profile}`,
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      const timer = setTimeout(
        () => reject(new Error(`chromium gave no DevTools URL in 30 s:\n${stderr}`)),
        30_000,
      );
      child.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`chromium exited (${code}) before its DevTools URL:\n${stderr}`));
      });
    });
    child.stderr!.resume();
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`could not connect to ${url}`)), {
        once: true,
      });
    });
    return new HeadlessChromium(child, socket, profile);
  }

  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (message: Json) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A new page (tab) of `width`×`height` CSS px, with Runtime, Log and Page events on. */
  async newPage(width = 1280, height = 900): Promise<BrowserPage> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new BrowserPage(this, targetId, sessionId);
    await page.send("Runtime.enable");
    await page.send("Log.enable");
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    return page;
  }

  async close(): Promise<void> {
    try {
      await Promise.race([this.send("Browser.close"), new Promise((r) => setTimeout(r, 5_000))]);
    } catch {
      // the browser may already be gone
    }
    this.#socket.close();
    if (this.#process.exitCode === null && this.#process.signalCode === null) {
      const exited = new Promise((resolve) => this.#process.once("exit", resolve));
      this.#process.kill("SIGKILL");
      await exited;
    }
    // Chromium's helper processes can still be writing into the profile for a moment after it exits.
    rmSync(this.#profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export class BrowserPage {
  /** Console errors, uncaught exceptions and error log entries, as text. */
  readonly errors: string[] = [];
  readonly #browser: HeadlessChromium;
  readonly #targetId: string;
  readonly #sessionId: string;
  readonly #stop: () => void;
  #loaded: (() => void) | null = null;

  constructor(browser: HeadlessChromium, targetId: string, sessionId: string) {
    this.#browser = browser;
    this.#targetId = targetId;
    this.#sessionId = sessionId;
    this.#stop = browser.on((message) => {
      if (message.sessionId !== sessionId) return;
      const p = message.params;
      if (message.method === "Runtime.exceptionThrown") {
        this.errors.push(
          `exception: ${p.exceptionDetails.exception?.description ?? p.exceptionDetails.text}`,
        );
      } else if (
        message.method === "Runtime.consoleAPICalled" &&
        (p.type === "error" || p.type === "assert")
      ) {
        this.errors.push(`console.${p.type}: ${p.args.map((a: Json) => a.value ?? a.description).join(" ")}`);
      } else if (message.method === "Log.entryAdded" && p.entry.level === "error") {
        this.errors.push(`log (${p.entry.source}): ${p.entry.text}${p.entry.url ? ` ${p.entry.url}` : ""}`);
      } else if (message.method === "Page.loadEventFired") {
        this.#loaded?.();
      }
    });
  }

  send(method: string, params: Json = {}): Promise<Json> {
    return this.#browser.send(method, params, this.#sessionId);
  }

  /** Navigates and waits for the load event; the time it took, in ms. */
  async goto(url: string, timeoutMs = 120_000): Promise<number> {
    const started = performance.now();
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${url} did not load in ${timeoutMs} ms`)), timeoutMs);
      this.#loaded = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    const result = await this.send("Page.navigate", { url });
    if (result.errorText) throw new Error(`navigating to ${url}: ${result.errorText}`);
    await loaded;
    return performance.now() - started;
  }

  /** The value of an expression in the page (awaited when it is a promise). */
  async evaluate<T = Json>(expression: string): Promise<T> {
    const result = await this.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (result.exceptionDetails) {
      throw new Error(
        `in the page: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`,
      );
    }
    return result.result.value as T;
  }

  /** A PNG screenshot of the viewport. */
  async screenshot(): Promise<Buffer> {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    return Buffer.from(data, "base64");
  }

  async close(): Promise<void> {
    this.#stop();
    await this.#browser.send("Target.closeTarget", { targetId: this.#targetId });
  }
}
