/**
 * Fitting a list within a budget: as many whole lines, or comma-separated
 * items, as fit, and a count of the rest. Sections use these for their
 * "as much as fits" level. Pure.
 */

/**
 * As many whole lines as fit in `budget` characters, with a closing line for
 * the rest; undefined when not even the closing line fits.
 */
export function fitLines(
  lines: readonly string[],
  budget: number,
  more: (rest: number) => string,
  size: (text: string) => number,
): string | undefined {
  const sizes = lineSizes(lines, size);
  let total = -1;
  for (const n of sizes) total += n + 1;
  if (total <= budget) return lines.join("\n");
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const closing = size(more(lines.length - i));
    const next = sizes[i]! + 1;
    if (used + next + closing > budget) {
      if (used + closing > budget) return undefined;
      out.push(more(lines.length - i));
      return out.join("\n");
    }
    out.push(lines[i]!);
    used += next;
  }
  return out.join("\n");
}

/** The sizes of lines fitted again and again (the BUILD list, at each budget), measured once. */
const LINE_SIZES = new WeakMap<readonly string[], { size: (text: string) => number; sizes: number[] }>();

function lineSizes(lines: readonly string[], size: (text: string) => number): number[] {
  const known = LINE_SIZES.get(lines);
  if (known && known.size === size) return known.sizes;
  const sizes = lines.map(size);
  LINE_SIZES.set(lines, { size, sizes });
  return sizes;
}

/** As many comma-separated items as fit; undefined when none does. */
export function fitItems(
  items: readonly string[],
  budget: number,
  size: (text: string) => number,
): { text: string; rest: number } | undefined {
  let used = 0;
  let n = 0;
  for (const item of items) {
    const next = size(item) + 2;
    if (used + next > budget) break;
    used += next;
    n++;
  }
  if (n === 0 && items.length > 0) return undefined;
  return { text: items.slice(0, n).join(", "), rest: items.length - n };
}
