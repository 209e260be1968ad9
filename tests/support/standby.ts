import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './net.ts';

const run = promisify(execFile);

/** A streaming replica of a PostgreSQL server, started for a test and removed after it. */
export interface Standby {
  port: number;
  /** The same database on the standby: the primary's URL with the standby's host and port. */
  urlOf(primaryUrl: string): string;
  /** Stops the standby and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

/** Either a running standby, or why one cannot be started here (the test says it and skips). */
export type StandbyOrReason = { standby: Standby } | { skip: string };

async function one<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server programs of the primary's major version. */
function binDirOf(major: number): string | undefined {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (fs.existsSync(path.join(debian, 'pg_basebackup'))) return debian;
  return undefined;
}

/**
 * Starts a hot standby of the server `primaryUrl` names: `pg_basebackup -R` into a temporary
 * directory, then its `postgres` on a free port, streaming from the primary. PostgreSQL refuses
 * to run as root, so as root the standby runs as the `postgres` user. Resolves once the standby
 * has replayed the primary's position of when it was asked.
 */
export async function startStandby(primaryUrl: string): Promise<StandbyOrReason> {
  const primary = new URL(primaryUrl);
  const settings = await one<{ major: string; wal_level: string; senders: string; replication: boolean }>(
    primaryUrl,
    `select current_setting('server_version_num')::int / 10000 as major, current_setting('wal_level') as wal_level,
       current_setting('max_wal_senders') as senders,
       (select rolreplication or rolsuper from pg_roles where rolname = current_user) as replication`,
  );
  const bin = binDirOf(Number(settings.major));
  if (!bin) return { skip: `no pg_basebackup for PostgreSQL ${settings.major} in /usr/lib/postgresql` };
  if (settings.wal_level === 'minimal') return { skip: 'the primary has wal_level = minimal; replica is needed' };
  if (Number(settings.senders) < 1) return { skip: 'the primary has max_wal_senders = 0' };
  if (!settings.replication) return { skip: `the role ${primary.username} may not replicate (REPLICATION)` };

  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? 'postgres' : undefined;
  const as = (program: string, args: string[]): [string, string[]] =>
    owner ? ['runuser', ['-u', owner, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  // the server itself is the child (not runuser's), so a signal reaches the postmaster and 'exit'
  // means every one of its processes has ended
  let user: Awaited<ReturnType<typeof userOf>> | undefined;
  if (owner) {
    user = await userOf(owner).catch(() => undefined);
    if (!user) return { skip: `no ${owner} user to run the standby as` };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-standby-'));
  const data = path.join(dir, 'data');
  let child: ChildProcess | undefined;
  let spawnError: Error | undefined;
  const kill = () => child?.kill('SIGQUIT'); // an immediate shutdown: the postmaster ends its children
  const remove = () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  process.once('exit', kill);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', kill);
    if (child && !spawnError && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      // a fast shutdown; a standby's writes a restartpoint, which a loaded machine can take long over
      child.kill('SIGINT');
      const timers = [setTimeout(kill, 30_000), setTimeout(() => child?.kill('SIGKILL'), 45_000)];
      await exited;
      timers.forEach(clearTimeout);
    }
    remove();
  };

  try {
    if (owner) await run('chown', [owner, dir]);
    const source = `host=${primary.hostname} port=${primary.port || 5432} user=${decodeURIComponent(primary.username)}`;
    const [program, args] = as('pg_basebackup', ['-d', source, '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
    try {
      await run(program, args, { timeout: 120_000 });
    } catch (error) {
      const said = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
      await stop();
      return {
        skip: `pg_basebackup from ${primary.host} failed: ${said}. The primary must allow replication connections from 127.0.0.1 (pg_hba.conf: "host replication all 127.0.0.1/32 trust", then reload)`,
      };
    }
    // a Debian cluster keeps its configuration in /etc: the copy has none of its own
    const conf = path.join(data, 'postgresql.conf');
    if (!fs.existsSync(conf)) fs.writeFileSync(conf, '');
    const hba = path.join(data, 'pg_hba.conf');
    if (!fs.existsSync(hba)) fs.writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    if (owner) await run('chown', ['-R', owner, dir]);

    const port = await freePort();
    const serverArgs = [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'hot_standby=on',
      '-c',
      'hot_standby_feedback=on',
      '-c',
      'ssl=off',
    ];
    const log = fs.openSync(path.join(dir, 'standby.log'), 'a');
    // as the postgres user: its home and names (libpq looks for certificates under HOME), its ids
    // without root's supplementary groups (libuv drops them; ssl is off)
    const asOwner = user
      ? { uid: user.uid, gid: user.gid, env: { ...process.env, HOME: user.home, USER: owner, LOGNAME: owner } }
      : {};
    child = spawn(path.join(bin, 'postgres'), serverArgs, { stdio: ['ignore', log, log], cwd: dir, ...asOwner });
    child.once('error', (error) => (spawnError = error));
    fs.closeSync(log);

    const standbyUrl = new URL(primaryUrl);
    standbyUrl.hostname = '127.0.0.1';
    standbyUrl.port = String(port);
    const urlOf = (url: string) => {
      const copy = new URL(url);
      copy.hostname = '127.0.0.1';
      copy.port = String(port);
      return copy.toString();
    };
    const { lsn } = await one<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (spawnError) throw new Error(`the standby did not start: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the standby exited: ${readLog(dir)}`);
      const caughtUp = await one<{ ok: boolean }>(
        standbyUrl.toString(),
        `select pg_is_in_recovery() and pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`,
      ).catch(() => ({ ok: false }));
      if (caughtUp.ok) break;
      if (Date.now() > deadline) throw new Error(`the standby did not catch up in a minute: ${readLog(dir)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { standby: { port, urlOf, stop } };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A user's ids and home directory, from the passwd database. */
async function userOf(name: string): Promise<{ uid: number; gid: number; home: string }> {
  const { stdout } = await run('getent', ['passwd', name]);
  const [, , uid, gid, , home] = stdout.trim().split(':');
  return { uid: Number(uid), gid: Number(gid), home: home || '/' };
}

function readLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'standby.log'), 'utf8').slice(-2000);
  } catch {
    return '(no log)';
  }
}
