/**
 * Versions of persisted documents: `MAJOR.MINOR`. A reader accepts documents
 * of its own major with an equal or older minor; anything newer is refused,
 * never guessed at.
 */
export interface SchemaVersion {
  major: number;
  minor: number;
}

const PATTERN = /^(\d{1,4})\.(\d{1,4})$/;

export function parseSchemaVersion(text: string): SchemaVersion | undefined {
  const match = PATTERN.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function formatSchemaVersion(version: SchemaVersion): string {
  return `${version.major}.${version.minor}`;
}

/** True when a reader of version `reader` can read a document of version `document`. */
export function canRead(reader: SchemaVersion, document: SchemaVersion): boolean {
  return reader.major === document.major && document.minor <= reader.minor;
}
