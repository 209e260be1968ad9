/**
 * A bench's numeric setting from the environment (`BENCH_*`), or its default when unset or empty.
 * Anything that is not a number stops the bench with the setting's name, rather than running with
 * NaN (which made, for one, `BENCH_OVERLOAD_LIST_CLIENTS=four` start no list client at all).
 */
export function numberFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not "${text}"`);
  return value;
}
