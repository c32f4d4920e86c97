/**
 * Names of warehouse objects: validation, comparison under an engine's
 * identifier rules, and the names ODS derives (staged, retired and undone
 * tables of a promotion).
 *
 * Every identifier reaches SQL quoted (`"…"`, a quote doubled), but a name
 * that could only reach SQL by relying on that escaping is refused outright:
 * a double quote, a control character (NUL, newline, …), a lone surrogate,
 * an empty name, or one longer than the engine keeps (PostgreSQL silently
 * truncates past 63 bytes, which would make two names one).
 */
import { createHash } from "node:crypto";
import { UserError } from "../errors/user-error.js";

/** A table or view, schema-qualified: pointer views never name the database. */
export interface QualifiedName {
  schema: string;
  identifier: string;
}

export interface IdentifierRules {
  /** Whether two quoted names differing only in case are different objects. */
  case_sensitive: boolean;
  /** The longest name the engine keeps, in `length_unit`. */
  max_length: number;
  length_unit: "bytes" | "characters";
}

const encoder = new TextEncoder();

/** Why a name can't be used, or null when it can. */
export function identifierProblem(name: string, rules: IdentifierRules): string | null {
  if (name.length === 0) return "it is empty";
  for (let i = 0; i < name.length; i += 1) {
    const unit = name.charCodeAt(i);
    if (unit === 0x22) return "it contains a double quote (it would end a quoted identifier)";
    if (unit < 0x20 || unit === 0x7f)
      return `it contains the control character U+${unit.toString(16).padStart(4, "0").toUpperCase()}`;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = name.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return "it contains an unpaired surrogate (not valid text)";
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return "it contains an unpaired surrogate (not valid text)";
    }
  }
  const length = rules.length_unit === "bytes" ? encoder.encode(name).length : [...name].length;
  if (length > rules.max_length) {
    return `it is ${length} ${rules.length_unit} long; the warehouse keeps at most ${rules.max_length}`;
  }
  return null;
}

/** Shown in messages: the name as JSON, so that control characters and quotes are visible, cut at 80 characters. */
export function showName(name: string): string {
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  return shown;
}

/** Refuses (UserError identifier_refused) a name the warehouse can't take as it is. */
export function checkIdentifier(name: string, rules: IdentifierRules, what: string): string {
  const problem = identifierProblem(name, rules);
  if (problem !== null) {
    throw new UserError("identifier_refused", `The ${what} ${showName(name)} can't be used: ${problem}.`);
  }
  return name;
}

/** The name quoted as an SQL identifier, after checking it. */
export function quoteIdentifier(name: string, rules: IdentifierRules, what = "name"): string {
  checkIdentifier(name, rules, what);
  return `"${name.replaceAll('"', '""')}"`;
}

/** How the engine compares names: folded to lower case where quoted names are case-insensitive. */
export function nameKey(name: string, rules: Pick<IdentifierRules, "case_sensitive">): string {
  return rules.case_sensitive ? name : name.toLowerCase();
}

export function qualifiedKey(name: QualifiedName, rules: Pick<IdentifierRules, "case_sensitive">): string {
  return JSON.stringify([nameKey(name.schema, rules), nameKey(name.identifier, rules)]);
}

export function sameName(a: string, b: string, rules: Pick<IdentifierRules, "case_sensitive">): boolean {
  return nameKey(a, rules) === nameKey(b, rules);
}

export function sameQualified(
  a: QualifiedName,
  b: QualifiedName,
  rules: Pick<IdentifierRules, "case_sensitive">,
): boolean {
  return sameName(a.schema, b.schema, rules) && sameName(a.identifier, b.identifier, rules);
}

export function showQualified(name: QualifiedName): string {
  return `${name.schema}.${name.identifier}`;
}

function lengthOf(text: string, rules: IdentifierRules): number {
  return rules.length_unit === "bytes" ? encoder.encode(text).length : [...text].length;
}

/**
 * A name ODS derives from an identifier: `<identifier>__ods_<tag>`. When that
 * is too long, the identifier is cut (on a character boundary) and a short
 * digest of the whole identifier keeps derived names of different tables
 * apart: `<prefix>_<digest6>__ods_<tag>`.
 */
export function derivedName(identifier: string, tag: string, rules: IdentifierRules): string {
  const suffix = `__ods_${tag}`;
  const whole = `${identifier}${suffix}`;
  if (lengthOf(whole, rules) <= rules.max_length) return whole;
  const digest = createHash("sha256").update(identifier).digest("hex").slice(0, 6);
  const tail = `_${digest}${suffix}`;
  let prefix = "";
  for (const char of identifier) {
    if (lengthOf(prefix + char + tail, rules) > rules.max_length) break;
    prefix += char;
  }
  return `${prefix}${tail}`;
}
