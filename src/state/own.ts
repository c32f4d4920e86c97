/**
 * Reading and writing records keyed by ids (node, source and parent ids in
 * snapshots) without touching Object.prototype: an id is data, and an id
 * such as `constructor` or `__proto__` must read and write the entry of that
 * id, never an inherited property or the prototype.
 */

/** The entry of `key` when `record` has one of its own. */
export function own<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets the entry of `key` as an own property (`__proto__` included). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
