// CPU time of processes from /proc (utime + stime, in clock ticks): what a run cost the server
// process and the database backends, for "CPU per stored frame" (hardware counters are not
// available on this machine).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Clock ticks per second (`getconf CLK_TCK`, 100 on Linux). */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU seconds (user + system) a process has used so far, its threads included; null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) may hold spaces: count fields from the closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name and state
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * CPU used by a changing set of processes (a database's backends come and go) since `start()`:
 * each pid seen at start counts from there, a pid first seen later counts from zero (it began
 * after the start). Call `sample` often enough that a process is seen before it exits.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  constructor(private readonly pids: () => Promise<number[]> | number[]) {}

  async start(): Promise<void> {
    this.first.clear();
    this.last.clear();
    for (const pid of await this.pids()) {
      const cpu = cpuSeconds(pid);
      if (cpu === null) continue;
      this.first.set(pid, cpu);
      this.last.set(pid, cpu);
    }
  }

  async sample(): Promise<void> {
    for (const pid of await this.pids()) {
      const cpu = cpuSeconds(pid);
      if (cpu === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, 0);
      this.last.set(pid, cpu);
    }
  }

  /** CPU seconds since start, over every process seen. */
  get seconds(): number {
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? 0);
    return total;
  }
}

/** The backends serving one PostgreSQL database (autovacuum workers on it included), from pg_stat_activity. */
export async function databaseBackends(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'waymark-bench-cpu' });
  await client.connect();
  return {
    pids: async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid),
    close: () => client.end(),
  };
}
