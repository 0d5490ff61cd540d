// The equality most store selectors need: the same keys holding the same values.

/** Equal when both objects hold the same values under the same keys (one level deep). */
export function shallowEqual<T extends object>(previous: T, next: T): boolean {
  if (previous === next) return true;
  const keys = Object.keys(previous) as (keyof T)[];
  if (keys.length !== Object.keys(next).length) return false;
  return keys.every((key) => Object.is(previous[key], next[key]));
}
