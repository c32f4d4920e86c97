/**
 * Reads a string the way bash reads the words of a command line, for the
 * subset a safe `select` may use: words separated by spaces, each made of
 * bare characters no shell interprets and single-quoted runs (`'…'`, with
 * `'\''` for a quote). Anything else (an unquoted `$`, backtick, `"`, `\`
 * outside `'\''`, `;`, `|`, `&`, `<`, `>`, `(`, `)`, `*`, `?`, `[`, `{`, `~`,
 * `#`, `!`, a newline outside quotes) is refused: a shell would interpret it.
 * The real check runs the string through bash (hostile-names.adv.test.ts); this
 * one is cheap enough for every fuzz case.
 *
 * Erasable TypeScript only: the fuzz worker runs this file in plain Node.
 */
const BARE = /[A-Za-z0-9_.:+/,=@%-]/;

export type ShellWords = { ok: true; words: string[] } | { ok: false; problem: string };

export function shellWords(text: string): ShellWords {
  const words: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] === " ") {
      i++;
      continue;
    }
    let word = "";
    while (i < n && text[i] !== " ") {
      const c = text[i]!;
      if (c === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) return { ok: false, problem: `unterminated quote at ${i}` };
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (c === "\\" && text[i + 1] === "'") {
        word += "'";
        i += 2;
      } else if (BARE.test(c)) {
        word += c;
        i++;
      } else {
        return { ok: false, problem: `${JSON.stringify(c)} unquoted at ${i}` };
      }
    }
    words.push(word);
  }
  return { ok: true, words };
}
