/**
 * The `dbt build` commands a rendered comment or job summary shows, as a
 * reader copies them: from a fenced `sh` block, or from a <pre><code> block
 * (names outside the fence's allow-list) with its entities decoded.
 */
export function commandsShown(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```sh\n(dbt build [^\n]*)\n```$/gm)].map((m) => m[1]!);
  const pre = [...markdown.matchAll(/<pre><code>(dbt build [^<]*)<\/code><\/pre>/g)].map((m) =>
    m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))),
  );
  return [...fenced, ...pre];
}
