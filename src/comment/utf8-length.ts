/**
 * The size of a text in UTF-8 bytes, without encoding it: GitHub limits a
 * step's job summary in bytes (1 MiB), and the summary's "→", "·" and "—"
 * take 3 bytes each. Pure.
 */

/**
 * UTF-8 bytes of `text` as Node writes it: 1 for ASCII, 2 up to U+07FF, 4 for
 * a surrogate pair, 3 for the rest (a lone surrogate is written as U+FFFD, 3 bytes).
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
