/**
 * Fitting a document of sections within a size limit, whatever the sections
 * say. Each section renders at levels of detail (0 the most); the fitter
 * renders every section at level 0 and, while the whole is over the limit,
 * applies the cuts in order (a section to a higher level). Past every cut it
 * asks for a last resort. It then gives back detail, most important section
 * first, while the whole still fits (cutting in order may cut more than
 * needed) and without shrinking a filling section already given its room
 * (a less important section's detail never comes out of a more important
 * one's). A "filling" section's level 1 is "as much as fits": it renders
 * last, with the room the others leave as its budget. Once anything is cut,
 * a note goes right under the head. Pure.
 */

/** Between the blocks of a document (a blank line in markdown). */
export const SEPARATOR = "\n\n";

export interface FitSpec<N extends string> {
  /** What the result may measure, in `size` units. */
  limit: number;
  /** The size of a text in the limit's unit. */
  size: (text: string) => number;
  /** Always first. */
  head: string;
  /** Right under the head once anything is cut. */
  note: string;
  /** The sections after the head, top to bottom. */
  order: readonly N[];
  /** Levels applied in turn until the whole fits. */
  cuts: ReadonlyArray<readonly [N, number]>;
  /** Sections given back detail after cutting, most important first. */
  restore: readonly N[];
  /** Sections whose level 1 fills the room the others leave (their budget). */
  filling: ReadonlySet<N>;
  /** A section at a level: pure in (name, level, budget); "" leaves it out. */
  render: (name: N, level: number, budget: number) => string;
  /**
   * Past every cut: `first` (a whole text, or undefined when none fits), else
   * `cut` is applied too and, when still over, `last` (always fits).
   */
  lastResort: { first: () => string | undefined; cut: readonly [N, number]; last: () => string };
}

interface Measured {
  text: string;
  size: number;
}

interface Composed extends Measured {
  /** What each filling section at its level 1 holds now (its size). */
  filled: Map<string, number>;
}

/** The document within `spec.limit` (see the file comment). */
export function fitSections<N extends string>(spec: FitSpec<N>): string {
  const { limit } = spec;
  const rendered = new Map<string, Measured>();
  let shortened = false;

  /** Each section is rendered and measured once per (level, budget of a filling level 1). */
  const measured = (name: N, level: number, budget: number): Measured => {
    const key = `${name}:${level}:${spec.filling.has(name) && level === 1 ? budget : ""}`;
    let entry = rendered.get(key);
    if (entry === undefined) {
      const text = spec.render(name, level, budget);
      entry = { text, size: spec.size(text) };
      rendered.set(key, entry);
    }
    return entry;
  };

  /** The document at these levels, and its size (the sum of its parts': a section is measured once). */
  const compose = (levels: Map<N, number>): Composed => {
    const texts = new Map<N, string>();
    const filled = new Map<string, number>();
    let used = spec.size(spec.head);
    if (shortened) used += spec.size(spec.note) + SEPARATOR.length;
    for (const name of spec.order) {
      const level = levels.get(name)!;
      if (spec.filling.has(name) && level === 1) continue;
      const { text, size } = measured(name, level, Number.POSITIVE_INFINITY);
      texts.set(name, text);
      if (text) used += size + SEPARATOR.length;
    }
    for (const name of spec.order) {
      const level = levels.get(name)!;
      if (!(spec.filling.has(name) && level === 1)) continue;
      // Its separator and the final newline count too.
      const budget = limit - used - SEPARATOR.length - 1;
      const { text, size } = measured(name, level, budget);
      texts.set(name, text);
      filled.set(name, size);
      if (text) used += size + SEPARATOR.length;
    }
    const parts = [spec.head, shortened ? spec.note : "", ...spec.order.map((name) => texts.get(name)!)];
    return {
      text: parts.filter((t, i) => i === 0 || t !== "").join(SEPARATOR) + "\n",
      size: used + 1,
      filled,
    };
  };

  const levels = new Map<N, number>(spec.order.map((s) => [s, 0]));
  let out = compose(levels);
  if (out.size <= limit) return out.text;
  shortened = true;
  for (const [section, level] of spec.cuts) {
    levels.set(section, level);
    out = compose(levels);
    if (out.size <= limit) break;
  }
  if (out.size > limit) {
    const first = spec.lastResort.first();
    if (first !== undefined) return first;
    levels.set(spec.lastResort.cut[0], spec.lastResort.cut[1]);
    out = compose(levels);
    if (out.size > limit) return spec.lastResort.last();
  }
  const rank = (name: string) => {
    const at = (spec.restore as readonly string[]).indexOf(name);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const moreImportant = (name: string, than: string) => rank(name) < rank(than);
  for (const section of spec.restore) {
    const current = levels.get(section)!;
    for (let level = 0; level < current; level++) {
      levels.set(section, level);
      const candidate = compose(levels);
      // Detail given back to a less important section never comes out of a more important one's filling.
      const takes = [...out.filled].some(
        ([name, size]) => moreImportant(name, section) && (candidate.filled.get(name) ?? size) < size,
      );
      if (candidate.size <= limit && !takes) {
        out = candidate;
        break;
      }
      levels.set(section, current);
    }
  }
  return out.text;
}
