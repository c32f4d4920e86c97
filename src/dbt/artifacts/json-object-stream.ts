/**
 * Reads a JSON document whose top level is an object, handed over in pieces
 * of text, and gives each top-level member to a consumer as it completes:
 * a member whose value is an object is given entry by entry, every other
 * value whole. Each value is parsed by JSON.parse on its own, so a 100 MB
 * manifest is never one string nor one parse tree in memory, and each
 * entry's objects die young instead of living as long as the whole tree.
 *
 * Finding where an entry ends is the stream's own cost beyond JSON.parse.
 * Once a member's separator between entries is known (`}, "` as dbt writes
 * it), an object entry's end is guessed from the next separator followed by
 * a key that looks like a unique_id, and JSON.parse of the text up to there
 * proves the guess (see `guessedEntry`); only when it fails is the entry
 * scanned character by character. 10,000 nodes read 9-20% faster.
 *
 * A member the consumer skips (dbt's parent and child maps, `disabled`, …)
 * is still checked, but not given: its entries are found as any others and
 * checked by one JSON.parse per run of entries in the text at hand (about
 * one per piece), instead of two per entry (its key and its value). The
 * parent and child maps are tens of thousands of tiny entries; checking them
 * entry by entry cost as much as a tenth of reading the manifest.
 *
 * Strict: it accepts exactly what JSON.parse accepts of a document with an
 * object at the top (the structure between the values is checked here, the
 * values by JSON.parse), except that a key repeated among the top-level keys
 * or within a top-level object is reported to the consumer rather than
 * silently replaced. Anything it refuses is a `JsonStreamRefusal`: the
 * caller reads the whole text with `parseArtifactJson` for the message with
 * the line and column (an error path, not worth doing twice).
 *
 * Pure: no file system; the caller reads the file and pushes its text.
 */

/** What the stream gives its consumer. */
export interface JsonObjectConsumer {
  /** Whether the top-level member `key` is left unread: checked, never given (no member, objectStart or entry). */
  skips(key: string): boolean;
  /** A top-level member whose value is not an object. */
  member(key: string, value: unknown): void;
  /** A top-level member whose value is an object: called before its entries. */
  objectStart(key: string): void;
  /** One entry of the object-valued member `key`. */
  entry(key: string, id: string, value: unknown): void;
  /** A top-level key seen before (`id` undefined, skipped members too), or an entry's id seen before in the same member (not in skipped ones). */
  duplicate(key: string, id?: string): void;
}

/** The text is not JSON (or its top level is not an object): read it whole for the message. */
export class JsonStreamRefusal extends Error {
  /** `offset`: where in the whole text (for a developer reading the message; users get the whole-text parse's error). */
  constructor(offset: number) {
    super(`not a JSON object document (refused at character ${offset})`);
    this.name = "JsonStreamRefusal";
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Where the stream is in the document. */
const State = {
  /** Before the document's `{` (a byte-order mark allowed at the very start). */
  Begin: 0,
  /** After `{`: a key or `}`. */
  TopFirst: 1,
  /** After a top-level member: `,` or `}`. */
  TopNext: 2,
  /** After `,`: a key. */
  TopKey: 3,
  /** After a top-level key and `:`: its value. */
  TopValue: 4,
  /** After an object-valued member's `{`: an entry or `}`. */
  EntryFirst: 5,
  /** After an entry: `,` or `}`. */
  EntryNext: 6,
  /** After `,` in an object-valued member: an entry. */
  Entry: 7,
  /** After the document's `}`: only whitespace. */
  Done: 8,
} as const;
type State = (typeof State)[keyof typeof State];

export class JsonObjectStream {
  private buffer = "";
  private position = 0;
  /** Characters dropped from the front of `buffer` so far (for offsets in refusals). */
  private consumed = 0;
  private state: State = State.Begin;
  private topKey = "";
  private readonly topKeys = new Set<string>();
  private entryIds = new Set<string>();
  /** Text pushed since the last scan, not yet added to `buffer`. */
  private waiting: string[] = [];
  private waitingLength = 0;
  /**
   * How much unread text a scan needs before it is tried again: twice what
   * the last, unfinished one had. A value spread over many pieces (a 50 MB
   * SQL string) is then scanned and copied a few times, not once per piece.
   */
  private needed = 0;
  /** Set by `advance` when it stops inside a unit for want of text. */
  private stuck = false;
  private scanCount = 0;
  /** Whether the current top-level member is skipped. */
  private skipping = false;
  /** The run of a skipped member's entries not checked yet, in `buffer` (`skippedStart` -1: none). */
  private skippedStart = -1;
  private skippedEnd = -1;

  /**
   * How this member's entries are separated when an entry's value is an
   * object: its closing `}`, the `,` and the whitespace around it, and the
   * next key's opening quote (`}, "` as dbt writes it). Learnt from the
   * member's first entry followed by another; null until then.
   */
  private separator: string | null = null;
  /** Entries of this member whose end was guessed, and guesses that failed. */
  private guesses = 0;
  private misses = 0;

  private readonly consumer: JsonObjectConsumer;

  constructor(consumer: JsonObjectConsumer) {
    this.consumer = consumer;
  }

  /** Object-valued entries of the current (or last) object member whose end was guessed, and guesses that failed (see `guessedEntry`). */
  get guessed(): { taken: number; failed: number } {
    return { taken: this.guesses - this.misses, failed: this.misses };
  }

  /** How many times text was scanned: about one per piece, and a few more per value spread over many pieces. */
  get scans(): number {
    return this.scanCount;
  }

  /** The next piece of the text. */
  push(text: string): void {
    if (text.length === 0) return;
    this.waiting.push(text);
    this.waitingLength += text.length;
    if (this.buffer.length - this.position + this.waitingLength < this.needed) return;
    this.scan(false);
  }

  /** Adds the waiting text to what is left of the buffer and consumes every complete unit. */
  private scan(final: boolean): void {
    const shift = this.position;
    const rest = this.buffer.length - shift;
    const added = this.waiting.length === 1 ? this.waiting[0]! : this.waiting.join("");
    this.consumed += shift;
    this.buffer = rest > 0 ? this.buffer.slice(shift) + added : added;
    this.position = 0;
    this.waiting = [];
    this.waitingLength = 0;
    this.stuck = false;
    this.scanCount += 1;
    this.advance(final);
    // Before the buffer drops the text: the next scan keeps only what follows `position`.
    this.checkSkipped();
    this.needed = this.stuck ? 2 * (this.buffer.length - this.position) : 0;
  }

  /** The end of the text: refuses a document that isn't complete. */
  end(): void {
    this.scan(true);
    if (this.state !== State.Done) throw this.refuse(this.buffer.length);
    this.skipSpace();
    if (this.position < this.buffer.length) throw this.refuse(this.position);
  }

  private refuse(at: number): JsonStreamRefusal {
    return new JsonStreamRefusal(this.consumed + at);
  }

  /** Consumes as many complete units as the buffer holds. `final`: no more text will come. */
  private advance(final: boolean): void {
    const text = this.buffer;
    for (;;) {
      this.skipSpace();
      if (this.position >= text.length) return;
      const c = text.charCodeAt(this.position);
      switch (this.state) {
        case State.Begin:
          if (c === 0xfeff && this.consumed + this.position === 0) {
            this.position += 1;
            continue;
          }
          if (c !== OPEN_BRACE) throw this.refuse(this.position);
          this.position += 1;
          this.state = State.TopFirst;
          continue;
        case State.TopFirst:
          if (c === CLOSE_BRACE) {
            this.position += 1;
            this.state = State.Done;
            continue;
          }
          this.state = State.TopKey;
          continue;
        case State.TopNext:
          if (c === COMMA) {
            this.position += 1;
            this.state = State.TopKey;
            continue;
          }
          if (c === CLOSE_BRACE) {
            this.position += 1;
            this.state = State.Done;
            continue;
          }
          throw this.refuse(this.position);
        case State.TopKey: {
          const key = this.keyAndColon(final);
          if (key === null) {
            this.stuck = true;
            return;
          }
          if (this.topKeys.has(key)) this.consumer.duplicate(key);
          this.topKeys.add(key);
          this.topKey = key;
          this.skipping = this.consumer.skips(key);
          this.state = State.TopValue;
          continue;
        }
        case State.TopValue: {
          if (c === OPEN_BRACE) {
            this.position += 1;
            this.entryIds = new Set();
            this.separator = null;
            this.guesses = 0;
            this.misses = 0;
            if (!this.skipping) this.consumer.objectStart(this.topKey);
            this.state = State.EntryFirst;
            continue;
          }
          const end = this.valueEnd(final);
          if (end < 0) {
            this.stuck = true;
            return;
          }
          const value = this.parse(this.position, end);
          if (!this.skipping) this.consumer.member(this.topKey, value);
          this.position = end;
          this.state = State.TopNext;
          continue;
        }
        case State.EntryFirst:
          if (c === CLOSE_BRACE) {
            this.position += 1;
            this.state = State.TopNext;
            this.checkSkipped();
            continue;
          }
          this.state = State.Entry;
          continue;
        case State.EntryNext:
          if (c === COMMA) {
            this.position += 1;
            this.state = State.Entry;
            continue;
          }
          if (c === CLOSE_BRACE) {
            this.position += 1;
            this.state = State.TopNext;
            this.checkSkipped();
            continue;
          }
          throw this.refuse(this.position);
        case State.Entry: {
          // Key, colon and value as one unit: nothing is consumed until the value is complete.
          const start = this.position;
          const id = this.keyAndColon(final, !this.skipping);
          if (id === null) {
            this.stuck = true;
            return;
          }
          this.skipSpace();
          let unseparated = false;
          if (!this.skipping && text.charCodeAt(this.position) === OPEN_BRACE) {
            const guessed = this.guessedEntry();
            if (guessed === NO_SEPARATOR) unseparated = true;
            else if (guessed !== null) {
              this.giveEntry(id, guessed.value, guessed.end);
              continue;
            }
          }
          const end = this.position < text.length ? this.valueEnd(final) : -1;
          if (end < 0) {
            if (final) throw this.refuse(this.position);
            this.position = start;
            this.stuck = true;
            return;
          }
          if (this.skipping) {
            // Checked with the rest of the run (checkSkipped).
            if (this.skippedStart < 0) this.skippedStart = start;
            this.skippedEnd = end;
            this.position = end;
            this.state = State.EntryNext;
            continue;
          }
          const value = this.parse(this.position, end);
          if (this.separator === null) this.learnSeparator(end);
          else if (unseparated) {
            // The entry was in the text at hand, and no separator followed it there: a failed guess too.
            this.guesses += 1;
            this.misses += 1;
          }
          this.giveEntry(id, value, end);
          continue;
        }
        case State.Done:
          throw this.refuse(this.position);
      }
    }
  }

  /** Gives the entry `id` (its value ends at `end`) to the consumer, naming an id seen before in the member. */
  private giveEntry(id: string, value: unknown, end: number): void {
    if (this.entryIds.has(id)) this.consumer.duplicate(this.topKey, id);
    this.entryIds.add(id);
    this.consumer.entry(this.topKey, id, value);
    this.position = end;
    this.state = State.EntryNext;
  }

  /**
   * The object-valued entry at the position, found without scanning it: the
   * next separator (see `separator`) followed by a key that looks like a
   * unique_id (a `.` in it) is taken as the entry's end, and JSON.parse of
   * the text up to there must succeed. That proves the guess: text that
   * starts with the entry's `{` and parses as one complete value ends where
   * the entry's value ends, whatever follows. Null when it isn't guessed or
   * the guess failed (an object nested in the entry with such a key, the
   * member's last entry), NO_SEPARATOR when the text at hand has no
   * separator with such a key: the caller scans the entry as before, and
   * what it accepts and refuses is unchanged. A member whose guesses keep
   * failing (a complete entry that no separator followed counts as one) is
   * scanned from then on, so failed guesses and fruitless searches cost at
   * most a few percent of the parse.
   */
  private guessedEntry(): { value: unknown; end: number } | typeof NO_SEPARATOR | null {
    const separator = this.separator;
    if (separator === null || this.misses * 16 > this.guesses + 64) return null;
    const text = this.buffer;
    const start = this.position;
    let at = text.indexOf(separator, start);
    for (; at >= 0; at = text.indexOf(separator, at + 1)) {
      const keyStart = at + separator.length;
      const keyEnd = text.indexOf('"', keyStart);
      if (keyEnd < 0) return NO_SEPARATOR;
      if (hasDot(text, keyStart, keyEnd)) break;
    }
    if (at < 0) return NO_SEPARATOR;
    this.guesses += 1;
    const end = at + 1;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      this.misses += 1;
      return null;
    }
    return { value, end };
  }

  /** Learns the member's separator from the text after its entry that ends at `end`, when another entry follows it there. */
  private learnSeparator(end: number): void {
    const text = this.buffer;
    if (text.charCodeAt(end - 1) !== CLOSE_BRACE) return;
    const comma = spaceEnd(text, end);
    if (text.charCodeAt(comma) !== COMMA) return;
    const quote = spaceEnd(text, comma + 1);
    if (text.charCodeAt(quote) !== QUOTE) return;
    this.separator = text.slice(end - 1, quote + 1);
  }

  private skipSpace(): void {
    this.position = spaceEnd(this.buffer, this.position);
  }

  /**
   * Checks the run of skipped entries found so far by parsing it as one
   * object (the text between them is the member's own `,` and whitespace).
   */
  private checkSkipped(): void {
    if (this.skippedStart < 0) return;
    const start = this.skippedStart;
    this.skippedStart = -1;
    try {
      JSON.parse(`{${this.buffer.slice(start, this.skippedEnd)}}`);
    } catch {
      throw this.refuse(start);
    }
  }

  /**
   * A key, whitespace and `:` at the position; moves past them and returns
   * the key (`decode` false: "", the key is checked later), or returns null
   * (position unchanged) when the text ends first.
   */
  private keyAndColon(final: boolean, decode = true): string | null {
    const text = this.buffer;
    const start = this.position;
    if (text.charCodeAt(start) !== QUOTE) throw this.refuse(start);
    const end = stringEnd(text, start);
    if (end < 0) {
      if (final) throw this.refuse(text.length);
      return null;
    }
    const i = spaceEnd(text, end);
    if (i >= text.length) {
      if (final) throw this.refuse(i);
      return null;
    }
    if (text.charCodeAt(i) !== COLON) throw this.refuse(i);
    const key = decode ? this.key(start, end) : "";
    this.position = i + 1;
    return key;
  }

  /**
   * The key whose quotes are at `start` and `end - 1`, decoded by JSON.parse:
   * a fresh string (a slice of the buffer would keep the whole piece of text
   * it came from alive for as long as the key lives).
   */
  private key(start: number, end: number): string {
    return this.parse(start, end) as string;
  }

  private parse(start: number, end: number): unknown {
    try {
      return JSON.parse(this.buffer.slice(start, end));
    } catch {
      throw this.refuse(start);
    }
  }

  /**
   * The end of the value at the position (an object, array, string or
   * literal), or -1 when the text ends first (the unit is tried again, from
   * its start, once twice as much text is there). Only the value's extent is
   * found here; JSON.parse checks its content.
   */
  private valueEnd(final: boolean): number {
    const text = this.buffer;
    const n = text.length;
    const start = this.position;
    const first = text.charCodeAt(start);
    if (first === QUOTE) {
      const end = stringEnd(text, start);
      if (end < 0 && final) throw this.refuse(n);
      return end;
    }
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
      // A number or a literal: up to the next delimiter.
      let i = start;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (
          c === COMMA ||
          c === CLOSE_BRACE ||
          c === CLOSE_BRACKET ||
          c === SPACE ||
          c === LF ||
          c === CR ||
          c === TAB
        )
          break;
        i += 1;
      }
      if (i >= n && !final) return -1;
      if (i === start) throw this.refuse(start);
      return i;
    }
    let at = start;
    let depth = 0;
    while (at < n) {
      const c = text.charCodeAt(at);
      if (c === QUOTE) {
        const end = stringEnd(text, at);
        if (end < 0) break;
        at = end;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
      at += 1;
    }
    if (final) throw this.refuse(n);
    return -1;
  }
}

/** What `guessedEntry` returns when the text at hand has no separator it could take. */
const NO_SEPARATOR = Symbol("no separator");

/** The index of the first character at or after `i` that isn't JSON whitespace (the text's length at its end). */
function spaceEnd(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === LF || c === CR || c === TAB) i += 1;
    else return i;
  }
}

/** Whether `text` has a `.` in [start, end): a key that looks like a unique_id (searching past `end` could cross the whole text). */
function hasDot(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === DOT) return true;
  return false;
}

/** The index after the closing quote of the string whose opening quote is at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) backslashes += 1;
    if ((backslashes & 1) === 0) return quote + 1;
    from = quote + 1;
  }
}
