import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How many request handlers are at work now, and a way to wait for a pause in them. */
export interface HandlersAtWork {
  readonly count: number;
  /**
   * Settles once no handler has been at work for `graceMs` (at once if none has been lately), or
   * after `maxMs` whatever the handlers do. Wakes when the last handler at work answers, not on a
   * poll. The grace lets in a request a client sends on the answer of another (a sign-in asks the
   * public key, then signs in).
   */
  quiet(graceMs: number, maxMs: number): Promise<void>;
}

/**
 * The requests whose handlers are at work now: counted in once the body is read (preHandler) and
 * out when the answer is handed over (onSend), or when the request ends any other way. A slow
 * upload or a slow reader of a download is not counted while it only moves bytes; the live map's
 * socket is not a request here.
 */
export function countHandlersAtWork(app: FastifyInstance): HandlersAtWork {
  let count = 0;
  /** When the last handler to answer answered (performance.now()). */
  let lastAnsweredAt = -Infinity;
  const waiting = new Set<() => void>();
  const counted = new WeakSet<FastifyRequest>();
  const out = async (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    count -= 1;
    lastAnsweredAt = performance.now();
    if (count === 0) for (const wake of waiting) wake();
  };
  app.addHook('preHandler', async (request) => {
    if (counted.has(request)) return;
    counted.add(request);
    count += 1;
  });
  app.addHook('onSend', async (request) => out(request));
  app.addHook('onResponse', out);
  app.addHook('onRequestAbort', out);

  /** Waits `ms` at most, less if the last handler at work answers meanwhile. */
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      if (count > 0) waiting.add(wake);
    });
  return {
    get count() {
      return count;
    },
    async quiet(graceMs, maxMs) {
      const until = performance.now() + maxMs;
      for (;;) {
        const now = performance.now();
        const quietFor = count > 0 ? -1 : now - lastAnsweredAt;
        if (now >= until || quietFor >= graceMs) return;
        await nap(count > 0 ? until - now : Math.min(until - now, graceMs - quietFor));
      }
    },
  };
}
