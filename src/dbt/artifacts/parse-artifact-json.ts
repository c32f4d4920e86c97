/**
 * An artifact's text turned into JSON: a file that is not JSON (empty,
 * truncated, a syntax error) is an error naming the line, column and
 * character offset of the problem.
 *
 * Pure: the caller reads the file and passes its text and path (the path is
 * only used in messages).
 */
import { UserError } from "../../errors/user-error.js";

/**
 * Parses the text of an artifact. A file that is not JSON (empty, truncated,
 * a syntax error) is a `UserError("artifact_not_json")` naming the file and
 * the line, column and character offset of the problem.
 */
export function parseArtifactJson(text: string, file: string): unknown {
  // A byte-order mark is not JSON whitespace, but editors on Windows add one.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw notJsonError(body, file, error instanceof Error ? error.message : String(error));
  }
}

function notJsonError(text: string, file: string, engineMessage: string): UserError {
  if (text.trim() === "") {
    return new UserError(
      "artifact_not_json",
      `${file} is empty (${text.length === 0 ? "0 bytes" : "only whitespace"}), not a JSON document.`,
      { file },
    );
  }
  const atEnd = /end of JSON input/i.test(engineMessage);
  const explicit = /at position (\d+)/.exec(engineMessage);
  let position: number;
  let what: string;
  if (atEnd) {
    position = text.length;
    what = "the document ends before it is complete; the file looks truncated";
  } else if (explicit?.[1] !== undefined) {
    position = Number(explicit[1]);
    what = describeEngineMessage(engineMessage);
  } else {
    // V8 gives no position for "Unexpected token": find it ourselves.
    position = locateJsonError(text);
    what = describeEngineMessage(engineMessage);
  }
  const { line, column } = lineAndColumn(text, position);
  const truncatedTail = !atEnd && position >= text.length ? "; the file looks truncated" : "";
  return new UserError(
    "artifact_not_json",
    `${file} is not valid JSON: ${what}${truncatedTail} (line ${line}, column ${column}, character ${position}).`,
    { file },
  );
}

/** V8's wording without the position and the echoed text, lower-cased at the start. */
function describeEngineMessage(message: string): string {
  let m = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, "");
  m = m.replace(/^(Unexpected token '.+?'), ".*" is not valid JSON$/s, "$1");
  m = m.replace(/ is not valid JSON$/, "");
  return m.length > 0 ? m.charAt(0).toLowerCase() + m.slice(1) : "syntax error";
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}

/**
 * Offset of the first JSON syntax error in `text` (which JSON.parse rejected).
 * Only used when the engine's message carries no position.
 */
export function locateJsonError(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i += 1;
      else break;
    }
  };
  const literal = (word: string): boolean => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return true;
    }
    return false;
  };
  const string = (): boolean => {
    i += 1; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text.charAt(i + 1);
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") {
          i += 2;
        } else {
          i += 1;
          return false;
        }
      } else {
        i += 1;
      }
    }
    return false;
  };
  const number = (): boolean => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m === null) return false;
    i += m[0].length;
    return true;
  };
  // A state machine with an explicit stack, so deep nesting or long arrays cannot overflow.
  const stack: Array<"{" | "["> = [];
  let state: "value" | "key" | "after" = "value";
  for (;;) {
    ws();
    if (state === "value") {
      const c = text.charAt(i);
      if (c === "{" || c === "[") {
        i += 1;
        ws();
        if (text.charAt(i) === (c === "{" ? "}" : "]")) {
          i += 1;
          state = "after";
        } else {
          stack.push(c);
          state = c === "{" ? "key" : "value";
        }
        continue;
      }
      let ok: boolean;
      if (c === '"') ok = string();
      else if (c === "t") ok = literal("true");
      else if (c === "f") ok = literal("false");
      else if (c === "n") ok = literal("null");
      else if (c === "-" || (c >= "0" && c <= "9")) ok = number();
      else ok = false;
      if (!ok) return Math.min(i, n);
      state = "after";
    } else if (state === "key") {
      if (text.charAt(i) !== '"' || !string()) return Math.min(i, n);
      ws();
      if (text.charAt(i) !== ":") return Math.min(i, n);
      i += 1;
      state = "value";
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i; // trailing content after the document
      const c = text.charAt(i);
      if (c === ",") {
        i += 1;
        state = top === "{" ? "key" : "value";
      } else if ((top === "{" && c === "}") || (top === "[" && c === "]")) {
        i += 1;
        stack.pop();
      } else {
        return Math.min(i, n);
      }
    }
  }
}
