import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests whose handlers are at work now: counted in once the body is read (preHandler) and
 * out when the answer is handed over (onSend), or when the request ends any other way. A slow
 * upload or a slow reader of a download is not counted while it only moves bytes; the live map's
 * socket is not a request here.
 */
export function countHandlersAtWork(app: FastifyInstance): { readonly count: number } {
  const atWork = { count: 0 };
  const counted = new WeakSet<FastifyRequest>();
  const out = async (request: FastifyRequest) => {
    if (counted.delete(request)) atWork.count -= 1;
  };
  app.addHook('preHandler', async (request) => {
    if (counted.has(request)) return;
    counted.add(request);
    atWork.count += 1;
  });
  app.addHook('onSend', async (request) => out(request));
  app.addHook('onResponse', out);
  app.addHook('onRequestAbort', out);
  return atWork;
}
