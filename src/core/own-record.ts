/**
 * Helpers for records whose keys come from model output. Keys such as `__proto__` and
 * `constructor` must be ordinary own keys, never a way to reach the prototype.
 */

/** Sets an own, enumerable property even when `key` is `__proto__`. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    record[key] = value
  }
}

/** A plain object with named values (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
