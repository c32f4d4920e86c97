/**
 * dbt's common selection forms over the project graph: `name`, `+name`,
 * `name+`, `+name+`, `tag:x`, `path:models/staging`, `fqn:pkg.folder.name`,
 * `package:x`, and a dotted name (`pkg.model`, `model.v2`) as dbt reads it
 * (fqn). Several selectors (space-separated, or repeated) are a union.
 * Sources are selected only as the ancestors a `+name` selector reaches.
 */

import type { ProjectGraph } from "../dbt/graph.js";
import { UserError } from "../errors/user-error.js";

export interface Selection {
  nodes: Set<string>;
  sources: Set<string>;
}

export function splitSelectors(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(/\s+/)).filter((part) => part.length > 0);
}

export function selectNodes(graph: ProjectGraph, selectors: readonly string[]): Selection {
  const nodes = new Set<string>();
  const sources = new Set<string>();
  for (const raw of selectors) {
    let text = raw;
    const parentsToo = text.startsWith("+");
    if (parentsToo) text = text.slice(1);
    const childrenToo = text.endsWith("+");
    if (childrenToo) text = text.slice(0, -1);
    if (text.length === 0) throw badSelector(raw, "it selects nothing");
    const matched = match(graph, text, raw);
    for (const id of matched) {
      nodes.add(id);
      if (parentsToo) addAncestors(graph, id, nodes, sources);
      if (childrenToo) addDescendants(graph, id, nodes);
    }
  }
  return { nodes, sources };
}

function badSelector(raw: string, why: string): UserError {
  return new UserError("usage", `The selector \`${raw}\` is not supported: ${why}.`, {
    input: "select",
    hint: "Use node names, +name, name+, tag:, path:, fqn: or package: (several separated by spaces).",
  });
}

function match(graph: ProjectGraph, text: string, raw: string): string[] {
  const colon = text.indexOf(":");
  const method = colon > 0 ? text.slice(0, colon) : null;
  const value = colon > 0 ? text.slice(colon + 1) : text;
  const out: string[] = [];
  for (const [id, graphNode] of graph.nodes) {
    const node = graphNode.node;
    let hit: boolean;
    switch (method) {
      case null:
        hit = value.includes(".")
          ? fqnMatches(node.fqn, value) || nameWithVersion(node) === value
          : node.name === value;
        if (!hit && value.includes("/")) hit = pathMatches(node.originalFilePath, value);
        break;
      case "fqn":
        hit = fqnMatches(node.fqn, value);
        break;
      case "tag":
        hit = node.tags.includes(value);
        break;
      case "path":
        hit = pathMatches(node.originalFilePath, value);
        break;
      case "package":
        hit = node.packageName === value;
        break;
      case "resource_type":
        hit = node.resourceType === value;
        break;
      default:
        throw badSelector(raw, `the method \`${method}\` is not one ODS plans with`);
    }
    if (hit) out.push(id);
  }
  return out;
}

function nameWithVersion(node: { name: string; version: string | number | null }): string {
  return node.version === null ? node.name : `${node.name}.v${node.version}`;
}

/** dbt's fqn matching: the selector's parts are a prefix of the fqn, or name the node (with its version). */
function fqnMatches(fqn: readonly string[], selector: string): boolean {
  const parts = selector.split(".");
  if (parts.length > fqn.length) return false;
  for (let i = 0; i < parts.length; i++) if (fqn[i] !== parts[i]) return false;
  return true;
}

function pathMatches(file: string, selector: string): boolean {
  const wanted = selector.replace(/\/+$/, "");
  return file === wanted || file.startsWith(`${wanted}/`);
}

function addAncestors(graph: ProjectGraph, id: string, nodes: Set<string>, sources: Set<string>): void {
  const stack = [id];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const current = graph.nodes.get(stack.pop()!);
    if (!current || seen.has(current.id)) continue;
    seen.add(current.id);
    for (const source of current.sources) sources.add(source);
    for (const parent of current.parents) {
      nodes.add(parent);
      stack.push(parent);
    }
  }
}

function addDescendants(graph: ProjectGraph, id: string, nodes: Set<string>): void {
  const stack = [id];
  while (stack.length > 0) {
    const current = graph.nodes.get(stack.pop()!);
    if (!current) continue;
    for (const child of current.children) {
      if (!nodes.has(child)) {
        nodes.add(child);
        stack.push(child);
      }
    }
  }
}
