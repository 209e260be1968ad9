/** Position forwarding's settings (docs/forwarding.md lists the variables). */
export interface ForwardingConfig {
  /** Send to destinations from this process (FORWARDING, on by default): any number of processes may. */
  send: boolean;
  /** Private ranges a destination may still reach (FORWARD_ALLOW_RANGES, CIDRs; by default WEBHOOK_ALLOW_RANGES'). */
  allowRanges: string[];
  /** How long a process holds a destination it stopped renewing, e.g. killed (FORWARD_LEASE_SECONDS, 30). */
  leaseMs: number;
  /** How often an idle destination looks for new frames (FORWARD_POLL_MS, 500). */
  pollMs: number;
  /** Most frames in one send (FORWARD_BATCH, 1000). */
  batchSize: number;
  /** First wait after a failure, doubled after each (FORWARD_BACKOFF_MS, 1000), up to FORWARD_MAX_BACKOFF_SECONDS (60). */
  backoffMs: number;
  maxBackoffMs: number;
}

function number(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

const ranges = (value: string) =>
  value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

export function forwardingConfig(
  env: Record<string, string | undefined>,
  webhookRanges: string[],
  defaults: Partial<ForwardingConfig> = {},
): ForwardingConfig {
  return {
    send: env.FORWARDING
      ? !['0', 'false', 'no', 'off'].includes(env.FORWARDING.toLowerCase())
      : (defaults.send ?? true),
    allowRanges: env.FORWARD_ALLOW_RANGES ? ranges(env.FORWARD_ALLOW_RANGES) : (defaults.allowRanges ?? webhookRanges),
    leaseMs:
      number('FORWARD_LEASE_SECONDS', env.FORWARD_LEASE_SECONDS, (defaults.leaseMs ?? 30_000) / 1000, 1, 3600) * 1000,
    pollMs: number('FORWARD_POLL_MS', env.FORWARD_POLL_MS, defaults.pollMs ?? 500, 10, 60_000),
    batchSize: number('FORWARD_BATCH', env.FORWARD_BATCH, defaults.batchSize ?? 1000, 1, 10_000),
    backoffMs: number('FORWARD_BACKOFF_MS', env.FORWARD_BACKOFF_MS, defaults.backoffMs ?? 1000, 10, 600_000),
    maxBackoffMs:
      number(
        'FORWARD_MAX_BACKOFF_SECONDS',
        env.FORWARD_MAX_BACKOFF_SECONDS,
        (defaults.maxBackoffMs ?? 60_000) / 1000,
        1,
        3600,
      ) * 1000,
  };
}
