#!/usr/bin/env node
/**
 * The README's table of inputs and outputs, generated from action.yml so the
 * two can't drift (a test compares them). Reads the small YAML subset
 * action.yml uses: `inputs:`/`outputs:` maps of `name:` with `description`
 * (plain or folded `>-`), `required` and `default`.
 *
 * Usage: node tools/action-table.mjs   (prints the markdown)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function parseActionYaml(text) {
  const sections = { inputs: [], outputs: [] };
  let section = null;
  let current = null;
  let folding = null;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+$/, "");
    if (/^\S/.test(line)) {
      section = line === "inputs:" ? "inputs" : line === "outputs:" ? "outputs" : null;
      current = null;
      folding = null;
      continue;
    }
    if (!section || line === "") continue;
    const entry = /^ {2}([A-Za-z0-9_-]+):$/.exec(line);
    if (entry) {
      current = { name: entry[1], description: "", required: false, default: undefined };
      sections[section].push(current);
      folding = null;
      continue;
    }
    const field = /^ {4}(description|required|default):\s*(.*)$/.exec(line);
    if (field && current) {
      const [, key, value] = field;
      if (key === "description" && (value === ">-" || value === ">")) {
        folding = "description";
      } else {
        folding = null;
        const unquoted = value.replace(/^"(.*)"$/, "$1");
        current[key] = key === "required" ? value === "true" : unquoted;
      }
      continue;
    }
    if (folding && current && /^ {6}/.test(line)) {
      current[folding] = `${current[folding]} ${line.trim()}`.trim();
    }
  }
  return sections;
}

const cell = (text) => String(text).replaceAll("|", "\\|");

export function actionTable(text) {
  const { inputs, outputs } = parseActionYaml(text);
  const lines = ["| input | default | description |", "|---|---|---|"];
  for (const input of inputs) {
    const fallback = input.default === undefined || input.default === "" ? "" : `\`${cell(input.default)}\``;
    lines.push(`| \`${input.name}\` | ${fallback} | ${cell(input.description)} |`);
  }
  lines.push("", "| output | description |", "|---|---|");
  for (const output of outputs) lines.push(`| \`${output.name}\` | ${cell(output.description)} |`);
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  process.stdout.write(`${actionTable(readFileSync(path.join(root, "action.yml"), "utf8"))}\n`);
}
