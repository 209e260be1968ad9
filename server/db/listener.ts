import pg from 'pg';

/** The first wait before listening again after a lost connection; it doubles up to the second. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

/**
 * LISTENs to one channel on a PostgreSQL connection of its own, and keeps listening: a connection
 * lost (a restart, a failover, an idle connection cut by the network) is opened again, waiting
 * 1 s, then 2, 4 … up to 30 s between tries. `onHearing(false)` says that notifications may be
 * missed from now on, `onHearing(true)` that they are heard again: whoever keeps what a
 * notification would have changed forgets it at both. Resolves once listening, or rejects if the
 * first connection fails; the function it resolves to stops for good.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onHearing?: (hearing: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let wait = FIRST_RETRY_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let open = true;
    const lost = () => {
      if (!open) return;
      open = false;
      void next.end().catch(() => undefined);
      if (client !== next || stopped) return;
      client = undefined;
      onHearing?.(false);
      tryAgainLater();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload) onPayload(message.payload);
      });
      await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      open = false;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      open = false;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const tryAgainLater = () => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) return;
          wait = FIRST_RETRY_MS;
          onHearing?.(true);
        },
        () => {
          if (stopped) return;
          wait = Math.min(wait * 2, LONGEST_RETRY_MS);
          tryAgainLater();
        },
      );
    }, wait);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
