/**
 * Runs a committed dist/ bundle as the GitHub runner does: a fresh Node 24
 * process with INPUT_* variables, a GITHUB_OUTPUT file and a workspace, and
 * only the environment it is given (nothing inherited but PATH).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./shared-fixtures.js";

export const NODE24 = process.execPath;

export interface DistRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** Copies dist/ into a fresh folder under the OS temp dir, away from any node_modules. */
export function copyDistToTemp(): { root: string; dist: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-dist-"));
  const dist = path.join(root, "action", "dist");
  cpSync(path.join(PROJECT_ROOT, "dist"), dist, { recursive: true });
  return { root, dist };
}

/** Parses the GITHUB_OUTPUT file format (`name<<delimiter … delimiter` and `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join("\n");
    } else if (line.includes("=")) {
      const at = line.indexOf("=");
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

export function runDistEntry(
  entry: string,
  workspace: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): DistRun {
  mkdirSync(workspace, { recursive: true });
  const outputFile = path.join(workspace, "..", `github-output-${path.basename(workspace)}.txt`);
  writeFileSync(outputFile, "");
  const inputEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs)) inputEnv[`INPUT_${name.toUpperCase()}`] = value;
  const result = spawnSync(NODE24, [entry], {
    cwd: workspace,
    encoding: "utf8",
    env: {
      PATH: "/usr/bin:/bin",
      GITHUB_OUTPUT: outputFile,
      GITHUB_WORKSPACE: workspace,
      ...inputEnv,
      ...env,
    },
    timeout: 60_000,
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    outputs: existsSync(outputFile) ? parseOutputFile(readFileSync(outputFile, "utf8")) : {},
  };
}
