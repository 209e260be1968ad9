import http from 'node:http';
import type net from 'node:net';
import { startReceiver, startSmtp, type ReceivedMail } from '../api/notify/receivers.ts';

/**
 * Where the run's server sends its e-mail and webhooks (global-setup.ts): a real SMTP server and an
 * HTTP endpoint, as in the channel tests (tests/api/notify/receivers.ts). They live in the process
 * that runs the global setup and the test files run in others, so a third server, the inbox, answers
 * what the two received: `GET /` is `{mails, webhooks}`.
 */
export interface Inbox {
  mails: ReceivedMail[];
  webhooks: ReceivedWebhook[];
}

export interface ReceivedWebhook {
  url: string;
  headers: Record<string, string>;
  /** The body exactly as it arrived: what the signature is made over. */
  body: string;
}

/**
 * The webhook endpoint's address. It is on loopback, which Waymark refuses to reach unless the
 * operator allows it: the server is given this one address (WEBHOOK_ALLOW_RANGES), not 127.0.0.1,
 * so forwarding's refusal of 127.0.0.1 (forwarding.e2e.test.ts) still holds.
 */
export const WEBHOOK_HOST = '127.0.0.2';

export async function startInbox() {
  const smtp = await startSmtp();
  const hooks = await startReceiver(() => 204, WEBHOOK_HOST);
  const inbox = http.createServer((_request, response) => {
    const answer: Inbox = {
      mails: smtp.mails,
      webhooks: hooks.requests.map((r) => ({
        url: r.url,
        headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])),
        body: r.body.toString('utf8'),
      })),
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const { port } = inbox.address() as net.AddressInfo;
  return {
    smtpUrl: smtp.url,
    /** The endpoint's base address: a rule's webhook URL is this and any path. */
    webhookUrl: hooks.url,
    allowRange: `${WEBHOOK_HOST}/32`,
    inboxUrl: `http://127.0.0.1:${port}`,
    async close() {
      inbox.closeAllConnections();
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await hooks.close();
      await smtp.close();
    },
  };
}

/** What has arrived so far. */
export async function readInbox(inboxUrl: string): Promise<Inbox> {
  const response = await fetch(inboxUrl);
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  return (await response.json()) as Inbox;
}
