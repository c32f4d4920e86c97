/**
 * The dbt_project.yml flags the fingerprint needs and the manifest doesn't
 * record. dbt 1.12's `latest_version_pointer_enabled_by_default` (dbt-core
 * core/dbt/contracts/project.py `ProjectFlags`, read only from the project
 * file's `flags:`) decides whether the latest version of a versioned model
 * whose `latest_version_pointer.enabled` is unset makes the pointer view
 * (core/dbt/task/run.py `_should_create_latest_version_pointer`).
 *
 * No YAML parser: the key is looked for as a line of its own. Found once
 * with a YAML 1.1 boolean (PyYAML's, which dbt uses): that value; absent:
 * false (dbt's default); anything else (Jinja, several lines, an odd value,
 * the key inside a flow mapping): null, unknown, which the fingerprint
 * treats as on (conservative).
 */
const FLAG = "latest_version_pointer_enabled_by_default";
const LINE = new RegExp(`^\\s*["']?${FLAG}["']?\\s*:(.*)$`);
const TRUE = new Set(["true", "yes", "on", "y"]);
const FALSE = new Set(["false", "no", "off", "n"]);

export function latestVersionPointerDefault(projectFile: string): boolean | null {
  let found: string | null = null;
  for (const line of projectFile.split(/\r?\n/)) {
    if (!line.includes(FLAG) || /^\s*#/.test(line)) continue;
    const match = LINE.exec(line);
    // Elsewhere on a line (flow style `flags: {…}`): not read here, unknown.
    if (match === null) return null;
    if (found !== null) return null;
    found = match[1]!.replace(/\s+#.*$/, "").trim();
  }
  if (found === null) return false;
  const value = found.replace(/^(["'])(.*)\1$/, "$2").toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return null;
}
