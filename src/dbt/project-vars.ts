/**
 * A dbt_project.yml's `name` and `vars:` (issue 36), for the values of
 * `var()` reads on a node's run-time path. A seam, not a YAML parser: the
 * project files' full reader (ProjectFile.vars) replaces it when it lands.
 *
 * It reads the block style people write: `vars:` at the top level, then
 * indented `key: value` lines, nested mappings, and plain, single- or
 * double-quoted scalars resolved as PyYAML (which dbt uses) resolves YAML
 * 1.1 (`yes`/`on` are true, `~` is null, numbers are numbers). Anything else
 * under `vars:` (a list, a flow collection other than `{}`, an anchor or
 * alias, a tag, a multi-line scalar, an escape in a double-quoted string,
 * tabs, a duplicate key): null, not known, and the var reads it could answer
 * are run_time_value_unknown. No `vars:` key: {}.
 */

const BOOL_TRUE = new Set(["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"]);
const BOOL_FALSE = new Set(["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"]);
const NULLS = new Set(["", "~", "null", "Null", "NULL"]);

class Unknown extends Error {}

/** A plain or quoted scalar, YAML 1.1 as PyYAML resolves it. */
function scalar(text: string): unknown {
  const t = text.trim();
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) throw new Unknown();
    const body = t.slice(1, -1);
    if (/(^|[^'])'([^']|$)/.test(body)) throw new Unknown();
    return body.replaceAll("''", "'");
  }
  if (t.startsWith('"')) {
    if (!t.endsWith('"') || t.length < 2 || t.slice(1, -1).includes("\\") || t.slice(1, -1).includes('"'))
      throw new Unknown();
    return t.slice(1, -1);
  }
  if (/^[[{&*!|>%@`]/.test(t)) {
    if (t === "{}") return {};
    if (t === "[]") return [];
    throw new Unknown();
  }
  if (NULLS.has(t)) return null;
  if (BOOL_TRUE.has(t)) return true;
  if (BOOL_FALSE.has(t)) return false;
  if (/^[-+]?(0|[1-9][0-9_]*)$/.test(t)) return Number(t.replaceAll("_", ""));
  if (/^[-+]?([0-9][0-9_]*)?\.[0-9_]+([eE][-+][0-9]+)?$/.test(t)) return Number(t.replaceAll("_", ""));
  if (/^[-+]?0[0-7_]+$|^0x|^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$|:[0-9]/.test(t)) throw new Unknown();
  if (t.includes(": ") || t.endsWith(":") || t.includes(" #")) throw new Unknown();
  return t;
}

/** A line without its comment (a ` #` outside quotes), or null for a blank or comment line. */
function content(line: string): string | null {
  if (line.includes("\t")) throw new Unknown();
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || line[i - 1] === " ")) return line.slice(0, i).trimEnd() || null;
  }
  return line.trimEnd() || null;
}

interface Line {
  indent: number;
  text: string;
}

/** A block mapping at `indent` from `lines[start]`; returns it and the next line's index. */
function mapping(lines: readonly Line[], start: number, indent: number): [Record<string, unknown>, number] {
  const out: Record<string, unknown> = {};
  let i = start;
  while (i < lines.length && lines[i]!.indent >= indent) {
    const line = lines[i]!;
    if (line.indent !== indent) throw new Unknown();
    const match = /^("[^"\\]*"|'[^']*'|[^\s'"#:][^:]*?)\s*:(\s+(.*))?$/.exec(line.text);
    if (match === null) throw new Unknown();
    const key = String(scalar(match[1]!));
    if (Object.hasOwn(out, key)) throw new Unknown();
    const rest = match[3];
    i++;
    if (rest !== undefined && rest !== "") {
      out[key] = scalar(rest);
    } else if (i < lines.length && lines[i]!.indent > indent) {
      const [nested, next] = mapping(lines, i, lines[i]!.indent);
      out[key] = nested;
      i = next;
    } else {
      out[key] = null;
    }
  }
  return [out, i];
}

/** The `vars:` of a dbt_project.yml's text: {} when it has none; null when they can't be read plainly. */
export function projectVarsOf(text: string): Record<string, unknown> | null {
  try {
    const raw = text.split(/\r?\n/);
    const at = raw.findIndex((line) => /^vars\s*:/.test(line));
    if (at < 0) return raw.some((line) => /^["']?vars["']?\s*:/.test(line)) ? null : {};
    const inline = content(raw[at]!)!
      .replace(/^vars\s*:/, "")
      .trim();
    if (inline !== "") {
      const value = scalar(inline);
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    }
    const lines: Line[] = [];
    for (let i = at + 1; i < raw.length; i++) {
      const body = content(raw[i]!);
      if (body === null) continue;
      const indent = body.length - body.trimStart().length;
      if (indent === 0) break;
      lines.push({ indent, text: body.trim() });
    }
    if (lines.length === 0) return {};
    if (lines.some((line) => line.text.startsWith("- ") || line.text === "-")) return null;
    const [vars, next] = mapping(lines, 0, lines[0]!.indent);
    return next === lines.length ? vars : null;
  } catch (error) {
    if (error instanceof Unknown) return null;
    throw error;
  }
}

/** The project's `name:` (a top-level plain or quoted scalar), or null. */
export function projectNameIn(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const match = /^name\s*:\s*(.+)$/.exec(line);
    if (match === null) continue;
    try {
      const body = content(match[1]!);
      const value = body === null ? null : scalar(body);
      return typeof value === "string" && value !== "" ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}
