import type { Server } from 'node:http';

/**
 * The HTTP requests the server is answering now: every route and file, counted on the raw server
 * from arrival until the response is closed (sent or abandoned). The live socket's upgrades are
 * not requests here, so an open map never counts.
 */
export function countRequestsInFlight(server: Server): { readonly count: number } {
  const inFlight = { count: 0 };
  server.on('request', (_request, response) => {
    inFlight.count += 1;
    response.once('close', () => (inFlight.count -= 1));
  });
  return inFlight;
}
