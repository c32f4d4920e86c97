/**
 * The mark a promotion leaves in a table's comment (`[ods:…]`), for engines
 * whose catalog has no identity that survives renames and reconnecting
 * (DuckDB's OIDs change each time the file is opened; the cloud providers
 * expose none ODS can rely on). The identity of a table is its last mark.
 */
const ODS_MARK = /\s*\[ods:([A-Za-z0-9_.:-]+)\]/g;
const MARK_TEXT = /^[A-Za-z0-9_.:-]+$/;

/** The identity a table with this comment has: `mark:…`, or `unmarked` (a table ODS did not put there). */
export function identityOfComment(comment: string | null): string {
  const mark = comment ? [...comment.matchAll(ODS_MARK)].at(-1)?.[1] : undefined;
  return mark ? `mark:${mark}` : "unmarked";
}

/** The comment with `mark` in place of any mark it had, after the text it had. */
export function commentWithMark(comment: string | null, mark: string): string {
  if (!MARK_TEXT.test(mark)) throw new Error(`mark ${mark} has characters a mark can't have`);
  const kept = (comment ?? "").replace(ODS_MARK, "").trimEnd();
  return `${kept}${kept === "" ? "" : " "}[ods:${mark}]`;
}
