import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';
import { query } from '../../server/resources/sql.ts';
import { sign } from '../../server/notify/webhook.ts';
import { demoDevices, firstArrivals, positionFrames, sendToGateway } from '../support/forwarding.ts';

let server: TestServer;
let superAdmin: Api;
const as = async (local: string): Promise<Api> => ({
  app: server.app,
  token: (await signIn(server.app, demoEmail(local))).token.access.token,
});
const organisationId = async (tradeName: string) =>
  (
    await query<{ id: string }>(server.database.db, sql`select id from organisations where trade_name = ${tradeName}`)
  )[0]!.id;

beforeAll(async () => {
  server = await startTestServer({
    gateway: true,
    config: {
      // 127.0.0.2 allowed, 127.0.0.1 (and every other private address) refused
      forwarding: {
        send: true,
        allowRanges: ['127.0.0.2/32'],
        leaseMs: 5000,
        pollMs: 50,
        batchSize: 100,
        backoffMs: 100,
        maxBackoffMs: 1000,
      },
    },
  });
  superAdmin = await as('superadmin');
});
afterAll(async () => {
  await server?.close();
});

const until = async <T>(what: () => T | Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('forwarding destinations', () => {
  it('refuses a loopback or private address unless the operator allows its range', async () => {
    for (const address of ['mqtt://127.0.0.1:1883', 'http://10.1.2.3/x', 'tcp://169.254.169.254:80', 'http://[::1]/']) {
      const refused = await call(superAdmin, 'POST', '/forwarding-destinations', {
        name: 'Inside',
        kind: address.startsWith('mqtt') ? 'MQTT' : address.startsWith('tcp') ? 'AIS140' : 'HTTP',
        address,
      });
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json().errors).toEqual({
        address: 'This address is on a private, loopback or link-local network Waymark may not reach',
      });
    }
    const wrongKind = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'Mixed',
      kind: 'AIS140',
      address: 'http://127.0.0.2/',
    });
    expect(wrongKind.json().errors).toEqual({ address: 'An AIS-140 destination takes a tcp://host:port address' });
    const allowed = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'Allowed',
      kind: 'MQTT',
      address: 'mqtt://127.0.0.2:1',
      enabled: false,
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ state: 'IDLE', waiting: 0, enabled: false });
    const [count] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::integer as n from forwarding_destinations where name in ('Inside', 'Mixed')`,
    );
    expect(count!.n).toBe(0);
  });

  it('shows a tenant its own tree only, and nothing to a role without the permission', async () => {
    const grant = JSON.stringify([
      {
        id: 'management-forwarding',
        actions: { 'add-forwarding': true, 'edit-forwarding': true, 'delete-forwarding': true },
      },
    ]);
    await server.database.db.execute(
      sql`update roles set auth_scopes = auth_scopes || ${grant}::jsonb where name in ('DEALER', 'DISTRIBUTER')`,
    );
    const maker = await organisationId('Sharma Distributors');
    const theirs = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'Distributor feed',
      kind: 'HTTP',
      address: 'https://example.com/positions',
      organisationId: maker,
      enabled: false,
    });
    expect(theirs.statusCode).toBe(201);
    const dealer = await as('dealer');
    const own = await call(dealer, 'POST', '/forwarding-destinations', {
      name: 'Dealer feed',
      kind: 'HTTP',
      address: 'https://example.com/dealer',
      enabled: false,
    });
    expect(own.statusCode).toBe(201);
    expect((await call(dealer, 'GET', `/forwarding-destinations/${theirs.json().id}`)).statusCode).toBe(404);
    expect(
      (await call(dealer, 'PUT', `/forwarding-destinations/${theirs.json().id}`, { name: 'Taken' })).statusCode,
    ).toBe(404);
    const listed = await call(dealer, 'GET', '/forwarding-destinations');
    expect(listed.json().map((d: { name: string }) => d.name)).toEqual(['Dealer feed']);
    const distributer = await as('distributer');
    const above = await call(distributer, 'GET', '/forwarding-destinations');
    expect(above.json().map((d: { name: string }) => d.name)).toEqual(['Dealer feed', 'Distributor feed']);
    const fitter = await as('fitter');
    expect((await call(fitter, 'GET', '/forwarding-destinations')).statusCode).toBe(403);
    expect(
      (
        await call(fitter, 'POST', '/forwarding-destinations', {
          name: 'x',
          kind: 'HTTP',
          address: 'https://example.com/',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("keeps an HTTP destination's secret out of every answer but its reveal route, to holders of its permission", async () => {
    const scopes = (actions: Record<string, boolean>) =>
      JSON.stringify([{ id: 'management-forwarding', actions: { 'add-forwarding': true, ...actions } }]);
    const setDealer = (actions: Record<string, boolean>) =>
      server.database.db.execute(
        sql`update roles set auth_scopes = auth_scopes || ${scopes(actions)}::jsonb where name = 'DEALER'`,
      );
    await setDealer({ 'export-forwarding': true });
    const dealer = await as('dealer');
    const created = await call(dealer, 'POST', '/forwarding-destinations', {
      name: 'Dealer ERP',
      kind: 'HTTP',
      address: 'https://example.com/dealer-erp',
      enabled: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const [stored] = await query<{ secret: string }>(
      server.database.db,
      sql`select secret from forwarding_destinations where id = ${id}::uuid`,
    );
    expect(stored!.secret).toMatch(/^whsec_.{20,}/);
    const edited = await call(superAdmin, 'PUT', `/forwarding-destinations/${id}`, { name: 'Dealer ERP feed' });
    expect(edited.statusCode).toBe(200);
    // not the value, nor a field of that name, in what the create, the edit, a read, the list or an export answer
    const answers = [
      created,
      edited,
      await call(dealer, 'GET', `/forwarding-destinations/${id}`),
      await call(superAdmin, 'GET', `/forwarding-destinations/${id}`),
      await call(dealer, 'GET', '/forwarding-destinations'),
      await call(superAdmin, 'GET', '/forwarding-destinations/export'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200 + (answer === created ? 1 : 0));
      expect(answer.body).not.toContain(stored!.secret);
      expect(answer.body).not.toContain('whsec_');
      expect(answer.body).not.toMatch(/"secret"/);
    }
    expect(answers[4]!.json().map((d: { name: string }) => d.name)).toContain('Dealer ERP feed');

    // the dealer reads the destination but holds no reveal-forwarding-secret: 403, and nothing of it
    const refused = await call(dealer, 'GET', `/forwarding-destinations/${id}/secret`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(stored!.secret);
    expect((await call(await as('fitter'), 'GET', `/forwarding-destinations/${id}/secret`)).statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/forwarding-destinations/${id}/secret` });
    expect(anonymous.statusCode).toBe(401);

    await setDealer({ 'reveal-forwarding-secret': true });
    const own = await until(
      () => call(dealer, 'GET', `/forwarding-destinations/${id}/secret`),
      (r) => r.statusCode === 200,
    );
    expect(own.json()).toEqual({ success: true, data: { secret: stored!.secret } });
    // another tenant's destination (the distributor's, above the dealer) is not found, as a read of it
    const theirs = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'Above the dealer',
      kind: 'HTTP',
      address: 'https://example.com/above',
      organisationId: await organisationId('Sharma Distributors'),
      enabled: false,
    });
    expect((await call(dealer, 'GET', `/forwarding-destinations/${theirs.json().id}/secret`)).statusCode).toBe(404);
    expect((await call(dealer, 'GET', `/forwarding-destinations/${theirs.json().id}`)).statusCode).toBe(404);
    const missing = await call(
      superAdmin,
      'GET',
      '/forwarding-destinations/00000000-0000-4000-8000-000000000000/secret',
    );
    expect(missing.statusCode).toBe(404);
    expect((await call(superAdmin, 'GET', '/forwarding-destinations/not-an-id/secret')).statusCode).toBe(400);
    for (const made of [id, theirs.json().id]) await call(superAdmin, 'DELETE', `/forwarding-destinations/${made}`);
  });

  it('posts batches of positions, signed, and shows the lag going to nothing', async () => {
    const bodies: { positions: { imei: string; fixTime: string }[] }[] = [];
    let bad = 0;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (c) => (body += c));
      request.on('end', () => {
        const id = String(request.headers['webhook-id']);
        const timestamp = Number(request.headers['webhook-timestamp']);
        if (sign(secret, id, timestamp, body) !== request.headers['webhook-signature']) bad += 1;
        bodies.push(JSON.parse(body).data);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.2', resolve));
    const port = (receiver.address() as net.AddressInfo).port;
    const created = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'ERP',
      kind: 'HTTP',
      address: `http://127.0.0.2:${port}/positions`,
      organisationId: await organisationId('Sunrise Logistics'),
    });
    expect(created.statusCode).toBe(201);
    const revealed = await call(superAdmin, 'GET', `/forwarding-destinations/${created.json().id}/secret`);
    const secret = revealed.json().data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const count = 600;
    await sendToGateway(server.gatewayPort, positionFrames(demoDevices(), count, Date.now() - 3_600_000));
    const received = await until(
      () => bodies.flatMap((b) => b.positions),
      (all) => all.length >= count,
    );
    expect(received).toHaveLength(count);
    expect(bad).toBe(0);
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.length).toBeLessThanOrEqual(count / 10);
    for (const fixes of firstArrivals(received).values()) expect(fixes).toEqual([...fixes].sort());
    const shown = await until(
      async () => (await call(superAdmin, 'GET', `/forwarding-destinations/${created.json().id}`)).json(),
      (d) => d.state === 'IDLE' && d.waiting === 0 && d.lastSentAt !== null,
    );
    expect(shown).toMatchObject({ state: 'IDLE', waiting: 0, oldestUnsentAt: null, lastError: null });
    await call(superAdmin, 'DELETE', `/forwarding-destinations/${created.json().id}`);
    receiver.close();
  });

  it('re-sends the AIS-140 frames byte for byte to another server, and shows it down while it is', async () => {
    let bytes = '';
    const sockets = new Set<net.Socket>();
    const vlts = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (d) => (bytes += d.toString('latin1')));
    });
    // the port is taken, then the server listens there only later: the destination starts down
    await new Promise<void>((resolve) => vlts.listen(0, '127.0.0.2', resolve));
    const port = (vlts.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => vlts.close(() => resolve()));
    const created = await call(superAdmin, 'POST', '/forwarding-destinations', {
      name: 'State VLTS',
      kind: 'AIS140',
      address: `tcp://127.0.0.2:${port}`,
      organisationId: await organisationId('Sunrise Logistics'),
    });
    expect(created.statusCode).toBe(201);
    const frames = positionFrames(demoDevices(), 120, Date.now() - 1_800_000);
    await sendToGateway(server.gatewayPort, frames);
    const down = await until(
      async () => (await call(superAdmin, 'GET', `/forwarding-destinations/${created.json().id}`)).json(),
      (d) => d.state === 'DOWN' && d.waiting === frames.length,
    );
    expect(down).toMatchObject({ state: 'DOWN', waiting: frames.length });
    expect(down.lastError).toMatch(/ECONNREFUSED/);
    expect(down.oldestUnsentAt).not.toBeNull();
    await new Promise<void>((resolve) => vlts.listen(port, '127.0.0.2', resolve));
    await until(
      () => bytes,
      (b) => b.length >= frames.join('').length,
    );
    // each frame unchanged, ended as it came; each device's in the order it sent them (devices on connections of their own interleave)
    const byDevice = (text: string) => {
      const out = new Map<string, string[]>();
      for (const frame of text.split(/(?<=\r\n)/))
        out.set(frame.split(',')[6]!, [...(out.get(frame.split(',')[6]!) ?? []), frame]);
      return out;
    };
    expect(bytes.length).toBe(frames.join('').length);
    expect(byDevice(bytes)).toEqual(byDevice(frames.join('')));
    await call(superAdmin, 'DELETE', `/forwarding-destinations/${created.json().id}`);
    for (const s of sockets) s.destroy();
    vlts.close();
  });
});
