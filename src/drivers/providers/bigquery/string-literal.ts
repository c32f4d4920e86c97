/**
 * GoogleSQL string literals, read: BigQuery's INFORMATION_SCHEMA.TABLE_OPTIONS
 * shows an option's value as the literal that would set it (a description
 * `it's "x"` comes back as `"it's \"x\""`), so the provider decodes it
 * before reading an identity mark or writing the comment back.
 *
 * What GoogleSQL's lexical reference allows: a literal in single, double,
 * triple-single or triple-double quotes; an `r`/`R` prefix for a raw
 * literal (no escapes); and, elsewhere, the escapes \a \b \f \n \r \t \v
 * \\ \? \" \' \` \ooo (three octal digits) \xhh \Xhh \uhhhh \Uhhhhhhhh.
 * Anything else is not a string literal: null, and the caller says so.
 */

const SIMPLE: Record<string, string> = {
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "?": "?",
  '"': '"',
  "'": "'",
  "`": "`",
};

/** The text a GoogleSQL string literal stands for; null when `literal` is not one. */
export function decodeStringLiteral(literal: string): string | null {
  let rest = literal.trim();
  const raw = /^[rR]/.test(rest);
  if (raw) rest = rest.slice(1);
  const quote = ['"""', "'''", '"', "'"].find(
    (q) => rest.startsWith(q) && rest.endsWith(q) && rest.length >= 2 * q.length,
  );
  if (quote === undefined) return null;
  const body = rest.slice(quote.length, rest.length - quote.length);
  // The literal ends at the first unescaped closing quote: it must be the last one.
  if (firstUnescaped(`${body}${quote}`, quote) !== body.length) return null;
  if (raw) return body;
  let out = "";
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] as string;
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return null;
    if (next in SIMPLE) {
      out += SIMPLE[next];
      i += 1;
      continue;
    }
    const hex = (width: number, from: number): number | null => {
      const digits = body.slice(from, from + width);
      return digits.length === width && /^[0-9a-fA-F]+$/.test(digits) ? Number.parseInt(digits, 16) : null;
    };
    let code: number | null = null;
    let width = 0;
    if (/[0-7]/.test(next)) {
      const digits = body.slice(i + 1, i + 4);
      code = /^[0-7]{3}$/.test(digits) ? Number.parseInt(digits, 8) : null;
      width = 3;
    } else if (next === "x" || next === "X") {
      code = hex(2, i + 2);
      width = 3;
    } else if (next === "u") {
      code = hex(4, i + 2);
      width = 5;
    } else if (next === "U") {
      code = hex(8, i + 2);
      width = 9;
    }
    if (code === null || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    out += String.fromCodePoint(code);
    i += width;
  }
  return out;
}

/** Where `quote` first occurs in `text` outside an escape (in a raw literal too, a backslash keeps a quote from ending it). */
function firstUnescaped(text: string, quote: string): number {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === "\\") {
      i += 1;
      continue;
    }
    if (text.startsWith(quote, i)) return i;
  }
  return -1;
}
