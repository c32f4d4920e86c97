/**
 * The shortest term that selects one member and nothing else: its bare name
 * (`orders`, or `dim_customers_v2` for a version) when no other member
 * answers to that name under dbt's fqn method; else its whole fqn
 * (`fqn:shop.staging.orders`); else its file (`path:models/orders.sql`).
 * A bare name matches a member by its leaf name, its version name, or as
 * the first part of its fqn taken whole or without the package (a package
 * or a top folder of that name): selector_methods.py `is_selected_node`.
 * Names are counted once for all members; the rarer fqn and path forms are
 * checked by matching them all in one pass. A member no term isolates gets
 * its fqn term anyway: the final resolution reports what it adds. Pure.
 */
import type { Member, SelectionIndex } from "../selection-index.js";
import type { Term } from "./term.js";
import { matchTerms } from "./term-resolver.js";

const BARE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class TermNamer {
  /** Per dotless value: the one member it selects, or -1 when it selects more than one. */
  private readonly owner = new Map<string, number>();

  private readonly index: SelectionIndex;

  constructor(index: SelectionIndex) {
    this.index = index;
    const members = index.members;
    for (let i = 0; i < members.length; i++) {
      const m = members[i]!;
      if (m.kind === "source" || m.fqn.length === 0) continue;
      bareKeys(m, (key) => {
        const seen = this.owner.get(key);
        if (seen === undefined) this.owner.set(key, i);
        else if (seen !== i) this.owner.set(key, -1);
      });
    }
  }

  /** Terms selecting exactly each member (with `+` when `children`), in the order given. */
  name(items: readonly { member: number; children: boolean }[]): Term[] {
    const { members } = this.index;
    const out: Term[] = new Array(items.length);
    const pending: number[] = [];
    items.forEach(({ member, children }, k) => {
      const m = members[member]!;
      const bare = bareName(m);
      if (bare !== null && BARE.test(bare) && this.owner.get(bare) === member) {
        out[k] = { kind: "fqn", value: bare, bare: true, children };
      } else {
        out[k] = { kind: "fqn", value: flat(m.fqn).map(literalPart).join("."), bare: false, children };
        pending.push(k);
      }
    });
    if (pending.length === 0) return out;
    const matched = matchTerms(
      this.index,
      pending.map((k) => out[k]!),
    );
    const byPath: number[] = [];
    pending.forEach((k, p) => {
      const hits = matched[p]!;
      if (hits.length === 1 && hits[0] === items[k]!.member) return;
      const file = members[items[k]!.member]!.originalFilePath;
      if (file && !/[\s,*?[\]]/.test(file)) byPath.push(k);
    });
    if (byPath.length === 0) return out;
    const paths: Term[] = byPath.map((k) => ({
      kind: "path",
      value: members[items[k]!.member]!.originalFilePath!,
      children: items[k]!.children,
    }));
    const pathHits = matchTerms(this.index, paths);
    byPath.forEach((k, p) => {
      const hits = pathHits[p]!;
      if (hits.length === 1 && hits[0] === items[k]!.member) out[k] = paths[p]!;
    });
    return out;
  }
}

/** The name a bare term would use: the leaf, or for a version `name_version`. */
function bareName(m: Member): string | null {
  const fqn = m.fqn;
  const last = fqn.length - 1;
  if (last < 0) return null;
  return m.versioned && last > 0 ? `${fqn[last - 1]}_${fqn[last]}` : fqn[last]!;
}

/** Every dotless value under which dbt's fqn method selects the member. */
function bareKeys(m: Member, key: (value: string) => void): void {
  const fqn = m.fqn;
  const last = fqn.length - 1;
  for (let start = 0; start <= Math.min(1, last); start++) {
    if (m.versioned && last > start) {
      key(fqn[last - 1]!);
      key(`${fqn[last - 1]}_${fqn[last]}`);
    } else {
      key(fqn[last]!);
    }
    const first = fqn[start]!;
    const dot = first.indexOf(".");
    key(dot < 0 ? first : first.slice(0, dot));
  }
}

/**
 * One fqn part as a selector part that dbt reads back as that part: dbt
 * splits `--select` values at spaces and parts at commas (cli.py
 * `parse_union`), and reads `*?[]` as fnmatch patterns (selector_methods.py
 * `is_selected_node`); `+` and `@` are graph operators. Such characters
 * become fnmatch classes (`[*]`, `[[]`; a space, a comma or a line break
 * `?`, which matches it), so a hostile name is still selected by its own
 * fqn; the resolution at the end checks it selects nothing else.
 */
export function literalPart(part: string): string {
  if (!/[\s,*?[\]+@]/.test(part)) return part;
  let out = "";
  for (const c of part) {
    if (/[\s,]/.test(c)) out += "?";
    else if ("*?[]+@".includes(c)) out += `[${c}]`;
    else out += c;
  }
  return out;
}

export function flat(fqn: readonly string[]): string[] {
  return fqn.some((part) => part.includes(".")) ? fqn.flatMap((part) => part.split(".")) : [...fqn];
}
