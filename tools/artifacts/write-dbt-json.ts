/**
 * Writes an artifact as dbt writes it: Python's json.dumps (`, ` and `: `
 * separators, no indentation), streamed one top-level entry at a time so that
 * manifests longer than V8's longest string can be written.
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** One value as Python's json.dumps writes it: JSON.stringify's indented output with every line
 * break (always structural: strings escape theirs) and its indentation removed. */
function pyJson(value: unknown): string {
  return (JSON.stringify(value, null, 1) ?? "null").replace(/,\n */g, ", ").replace(/\n */g, "");
}

/**
 * Python's json.dumps(value) (`, ` and `: ` separators, no indentation),
 * streamed to `file` one top-level entry at a time (a 50,000-node manifest is
 * longer than V8's longest string once indented).
 */
export function writeDbtJson(file: string, value: unknown): number {
  const fd = openSync(file, "w");
  let chunks: string[] = [];
  let pending = 0;
  let written = 0;
  const flush = (): void => {
    written += writeSync(fd, chunks.join(""));
    chunks = [];
    pending = 0;
  };
  const emit = (text: string): void => {
    chunks.push(text);
    pending += text.length;
    if (pending > 1 << 22) flush();
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth >= 2 || v === null || typeof v !== "object") {
      emit(pyJson(v));
      return;
    }
    if (Array.isArray(v)) {
      emit("[");
      v.forEach((item, i) => {
        if (i > 0) emit(", ");
        walk(item, depth + 1);
      });
      emit("]");
      return;
    }
    emit("{");
    let first = true;
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined) continue;
      if (!first) emit(", ");
      first = false;
      emit(JSON.stringify(key));
      emit(": ");
      walk(item, depth + 1);
    }
    emit("}");
  };
  try {
    walk(value, 0);
    flush();
  } finally {
    closeSync(fd);
  }
  return written;
}
