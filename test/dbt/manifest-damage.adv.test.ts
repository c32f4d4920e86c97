/**
 * The streamed manifest reader on damaged text, against the whole-text
 * reader: every truncation of a small manifest refused with the same error
 * (line, column, character), and 3,000 copies with a character deleted,
 * doubled or replaced decided alike, read in pieces of random sizes.
 * Damage fuzzing: it runs in the adversarial project.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readManifestFile } from "../../src/files/read-manifest-file.js";
import { manifestFiles, outcome, SMALL, wholeTextRead } from "../support/manifest-stream-cases.js";

const fileWith = manifestFiles();

describe("the streamed reader on a damaged small manifest", () => {
  it("refuses every truncation of the text with the whole-text reader's error (line, column, character)", () => {
    const file = fileWith("");
    for (let length = 0; length < SMALL.length; length += 1) {
      writeFileSync(file, SMALL.slice(0, length));
      const streamed = outcome(() => readManifestFile(file, "--manifest", 97));
      const expected = outcome(() => wholeTextRead(SMALL.slice(0, length), file));
      expect(streamed, `truncated at ${length}`).toEqual(expected);
      expect(streamed).toMatchObject({ code: "artifact_not_json" });
    }
  });

  it("decides like the whole-text reader on 3,000 damaged copies (a character deleted, doubled or replaced)", () => {
    const file = fileWith("");
    const replacements = ['"', ",", ":", "{", "}", "[", "]", " ", "\\", "x", "1", "n"];
    let random = 12345;
    const next = (n: number) => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random % n;
    };
    let refused = 0;
    for (let k = 0; k < 3000; k++) {
      const at = next(SMALL.length);
      const kind = next(3);
      const damaged =
        kind === 0
          ? SMALL.slice(0, at) + SMALL.slice(at + 1)
          : kind === 1
            ? SMALL.slice(0, at + 1) + SMALL.slice(at)
            : SMALL.slice(0, at) + replacements[next(replacements.length)] + SMALL.slice(at + 1);
      writeFileSync(file, damaged);
      const streamed = outcome(() => readManifestFile(file, "--manifest", 1 + next(200)));
      // The file's text: a damaged surrogate pair is written as U+FFFD.
      const expected = outcome(() => wholeTextRead(readFileSync(file, "utf8"), file));
      // A damaged key can repeat another: the streamed reader names it, JSON.parse keeps the last.
      if ("code" in streamed && JSON.stringify(streamed.problems ?? []).includes("more than once")) continue;
      expect(
        streamed,
        `damaged copy ${k}: ${JSON.stringify(damaged.slice(Math.max(0, at - 20), at + 20))}`,
      ).toEqual(expected);
      if ("code" in streamed) refused += 1;
    }
    expect(refused).toBeGreaterThan(1000);
  });
});
