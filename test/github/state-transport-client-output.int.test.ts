/**
 * The watch over what the @actions clients print: it patches stdout only
 * while one of its calls runs, and leaves nothing behind when they end, in
 * whatever order two watches end.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClientOutputWatch } from "../../src/github/state-transport/client-output-watch.js";

const stdoutWrite = process.stdout.write;
let printed: string[];
let base: typeof process.stdout.write;

beforeEach(() => {
  printed = [];
  base = ((chunk: unknown) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = base;
});

afterEach(() => {
  process.stdout.write = stdoutWrite;
});

describe("ClientOutputWatch", () => {
  it("hands what a watched call prints to the log, records its failures, and puts stdout back", () => {
    const logged: string[] = [];
    const watch = new ClientOutputWatch((line) => logged.push(line));
    expect(process.stdout.write).toBe(base);
    const capture = watch.start();
    expect(process.stdout.write).not.toBe(base);
    process.stdout.write("::warning::Failed to restore: Cache service responded with 503\n");
    process.stdout.write("::debug::Failed to reserve cache: Error: quota%0Aexceeded\nCache ");
    process.stdout.write("restored successfully\n");
    watch.end(capture);
    expect(process.stdout.write).toBe(base);
    expect(printed).toEqual([]);
    expect(logged).toEqual([
      "::warning::Failed to restore: Cache service responded with 503",
      "::debug::Failed to reserve cache: Error: quota%0Aexceeded",
      "Cache restored successfully",
    ]);
    expect(capture.problems).toEqual(["Cache service responded with 503"]);
    expect(capture.causes).toEqual(["quota"]);
  });

  it("lets the lines through when there is no log", () => {
    const watch = new ClientOutputWatch(undefined);
    const capture = watch.start();
    process.stdout.write("::error::boom\n");
    watch.end(capture);
    expect(printed).toEqual(["::error::boom\n"]);
    expect(capture.problems).toEqual(["boom"]);
    expect(process.stdout.write).toBe(base);
  });

  it("lines written by the log itself are not captured again", () => {
    const watch = new ClientOutputWatch((line) => process.stdout.write(`logged: ${line}\n`));
    const capture = watch.start();
    process.stdout.write("::warning::once\n");
    watch.end(capture);
    expect(printed).toEqual(["logged: ::warning::once\n"]);
    expect(capture.problems).toEqual(["once"]);
  });

  it("gives every running call of one watch each line, and patches stdout once", () => {
    const logged: string[] = [];
    const watch = new ClientOutputWatch((line) => logged.push(line));
    const abandoned = watch.start();
    const patched = process.stdout.write;
    const current = watch.start();
    expect(process.stdout.write).toBe(patched);
    process.stdout.write("::warning::late\n");
    watch.end(abandoned);
    expect(process.stdout.write).toBe(patched);
    watch.end(current);
    expect(process.stdout.write).toBe(base);
    expect(abandoned.problems).toEqual(["late"]);
    expect(current.problems).toEqual(["late"]);
    expect(logged).toEqual(["::warning::late", "::warning::late"]);
  });

  for (const order of ["first ends first", "second ends first"] as const) {
    it(`leaves stdout as it was when two watches overlap (${order})`, () => {
      const first = new ClientOutputWatch(() => {});
      const second = new ClientOutputWatch(() => {});
      const a = first.start();
      const b = second.start();
      process.stdout.write("::warning::both running\n");
      expect(b.problems).toEqual(["both running"]);
      if (order === "first ends first") {
        first.end(a);
        second.end(b);
      } else {
        second.end(b);
        first.end(a);
      }
      expect(process.stdout.write).toBe(base);
      process.stdout.write("after\n");
      expect(printed).toEqual(["after\n"]);
    });
  }

  it("stays in place, passing through, when someone wrapped stdout after it", () => {
    const watch = new ClientOutputWatch(() => {});
    const capture = watch.start();
    const underneath = process.stdout.write;
    const later = ((chunk: unknown) => underneath.call(process.stdout, chunk as string)) as typeof base;
    process.stdout.write = later;
    watch.end(capture);
    expect(process.stdout.write).toBe(later);
    process.stdout.write("through\n");
    expect(printed).toEqual(["through\n"]);
    expect(capture.problems).toEqual([]);
  });
});
