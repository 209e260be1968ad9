import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { textRule } from '../../resources/text-rule.ts';
import { findResource } from '../../resources/modules.ts';
import type { Db } from '../../server/db/client.ts';
import { bearer, demoEmail, signIn } from './harness.ts';

let counter = 0;
const next = () => ++counter;
const digits = (length: number) =>
  String(Date.now() * 1000 + next())
    .padStart(length, '7')
    .slice(-length);

/** Valid values for the declared patterns; anything else is generated from the field type. */
const patternSamples: Record<string, () => string> = {
  '^\\d{15}$': () => digits(15),
  '^\\d{19,20}$': () => digits(19),
  '^\\d{10,15}$': () => digits(10),
  '^[A-Z0-9]{4,12}$': () => `MH${String(next()).padStart(2, '0').slice(-2)}ZZ${digits(4)}`,
  '^\\d{2}[A-Z]{5}\\d{4}[A-Z][A-Z\\d]Z[A-Z\\d]$': () => '27AAPFU0939F1ZV',
  '^\\d{6}$': () => '208001',
  '^[A-Za-z][A-Za-z0-9_ -]*$': () => `Sample role ${next()}`,
  '^[A-Z]{2}\\d{1,3}[A-Z]?$': () => `ZZ${String(next() % 1000)}`,
};

export interface Api {
  app: FastifyInstance;
  token: string;
}

/** The demo as API tests start from it: a session per demo role, the devices in IMEI order, the organisations by trade name. */
export async function demoWorld<D>(
  app: FastifyInstance,
  roles: string[],
): Promise<{ as: Record<string, Api>; devices: D[]; orgs: Record<string, string> }> {
  const as: Record<string, Api> = {};
  for (const who of roles) as[who] = { app, token: (await signIn(app, demoEmail(who))).token.access.token };
  const admin = as.superadmin ?? { app, token: (await signIn(app, demoEmail('superadmin'))).token.access.token };
  const devices = (await call(admin, 'GET', '/device?sort=["imei","ASC"]&range=[0,99]')).json() as D[];
  const organisations = (await call(admin, 'GET', '/organisation?range=[0,99]')).json() as {
    id: string;
    tradeName: string;
  }[];
  return { as, devices, orgs: Object.fromEntries(organisations.map((o) => [o.tradeName, o.id])) };
}

export async function call(api: Api, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return api.app.inject({ method, url: `/api${url}`, headers: bearer(api.token), payload });
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e80000000049454e44ae426082',
  'hex',
);

/** Uploads `count` small pngs to a folder (POST /api/file) as `api`; their addresses, which a fitment of that caller's tree may name. */
export async function uploadPngs(api: Api, folder: 'IMAGE' | 'DOC', count: number): Promise<string[]> {
  const boundary = '----waymark-fixture';
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n`),
  ];
  for (let i = 0; i < count; i++) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/file',
    payload: Buffer.concat(chunks),
    headers: { ...bearer(api.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
  return response.json().data.urls as string[];
}

/**
 * A valid body for any declared resource, generated from its fields; references get a fresh row of
 * their target in the same organisation (created through the API too).
 */
export async function sampleBody(
  api: Api,
  resource: ResourceDeclaration,
  organisationId: string,
): Promise<Record<string, unknown>> {
  const value = async (name: string, field: Field): Promise<unknown> => {
    if (name === 'organisationId') return organisationId;
    const pattern = field.type === 'text' ? textRule(field).pattern : undefined;
    if (pattern && patternSamples[pattern]) return patternSamples[pattern]!();
    switch (field.type) {
      case 'text': {
        // cut to the field's length before the counter, which keeps a unique field's samples apart
        const n = ` ${next()}`;
        return `Sample ${name}`.slice(0, Math.max(0, (field.maxLength ?? 255) - n.length)) + n;
      }
      case 'email':
        return `sample${next()}.${Date.now()}@example.in`;
      case 'phone':
        return `9${digits(9)}`;
      case 'password':
        return 'Sample-pass-1';
      case 'number':
        return field.min ?? 1;
      case 'boolean':
        return true;
      case 'date':
        return '2026-11-01';
      case 'choice':
        return field.choices[0];
      case 'array':
        return [];
      case 'json':
        return [];
      case 'image':
        return null;
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [sub, subField] of Object.entries(field.fields)) out[sub] = await value(sub, subField);
        return out;
      }
      case 'geometry': {
        const kind = field.kinds[0];
        if (kind === 'Point') return { type: 'Point', coordinates: [80.33, 26.45] };
        if (kind === 'LineString')
          return {
            type: 'LineString',
            coordinates: [
              [80.33, 26.45],
              [80.5, 26.55],
            ],
          };
        return {
          type: 'Polygon',
          coordinates: [
            [
              [80.3, 26.4],
              [80.4, 26.4],
              [80.4, 26.5],
              [80.3, 26.4],
            ],
          ],
        };
      }
      case 'reference': {
        if (name === 'parentId' || (!field.required && field.reference === resource.name)) return null;
        if (field.reference === 'organisation') return organisationId;
        if (field.reference === 'role') {
          const roles = (await call(api, 'GET', '/roles?filter={"name":"CUSTOMER"}')).json() as { id: string }[];
          return roles[0]!.id;
        }
        return (await createSample(api, findResource(field.reference)!, organisationId)).id;
      }
    }
  };
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.readOnly) continue;
    const v = await value(name, field);
    if (v !== null) body[name] = v;
  }
  if (resource.name === 'organisation') body.parentId = organisationId;
  if (resource.name === 'geofence') body.type = 'POINT';
  // a public address of the kind (server/forwarding/plugin.ts refuses private ones), never sent to
  if (resource.name === 'forwarding')
    Object.assign(body, { kind: 'HTTP', address: 'https://example.com/positions', enabled: false });
  // a public address (server/changehooks/endpoints.ts refuses private ones), subscribed to a change, disabled: never sent to
  if (resource.name === 'webhookendpoints')
    Object.assign(body, { url: 'https://example.com/waymark-hooks', events: ['device.created'], enabled: false });
  if (resource.name === 'sim-activation') {
    // an order names a device by IMEI: a fresh one of the organisation
    const device = (await createSample(api, findResource('device')!, organisationId)) as { imei?: string };
    Object.assign(body, { imei: device.imei, ips: ['10.0.0.1:5027'], numbers: ['9876500001'], durationInDays: 365 });
  }
  if (resource.name === 'fitment') {
    // a fitment names a fresh device of the organisation and a customer by phone
    const device = (await createSample(api, findResource('device')!, organisationId)) as { imei?: string };
    const n = digits(9);
    return {
      vehicle: {
        category: 'TRUCK',
        registrationNumber: `UP${n.slice(-2)}FX${n.slice(-4)}`,
        rto: 'Kanpur Nagar-UP78',
        rtoCode: 'UP_UP78',
        regDate: '2025-01-01',
      },
      device: { imei: device.imei },
      customer: {
        firstName: 'Sample',
        lastName: 'Customer',
        email: `fit${n}@example.in`,
        phone: `8${n}`,
        address: 'Somewhere',
      },
      // recorded without activation: an activation is paid from the organisation's wallet (tests/api/wallet.test.ts)
      fitmentDate: '2026-11-01',
      durationInDays: 365,
      deviceActivate: false,
      organisationId,
    };
  }
  if (resource.name === 'notificationrules')
    // a rule tells someone, somehow: an e-mail to a contact, at any hour
    Object.assign(body, {
      eventType: 'OVERSPEED',
      channels: ['email'],
      contactEmails: [`ops${next()}@example.in`],
      contactPhones: [],
      userIds: [],
      vehicleIds: [],
      vehicleScope: 'ALL',
      webhookUrl: null,
      quietFrom: null,
      quietTo: null,
    });
  return body;
}

/** A row of the resource in the organisation: through the API, or straight into the table for read-only ones. */
export async function createSample(
  api: Api,
  resource: ResourceDeclaration,
  organisationId: string,
  db?: Db,
): Promise<{ id: string } & Record<string, unknown>> {
  if (!resource.permissions.create) {
    if (!db) throw new Error(`${resource.name} has no create route; pass the database`);
    if (resource.name === 'renewal-order') {
      // made by the public renewal page: a pending order of a fitment in the organisation
      const fitment = (await createSample(api, findResource('fitment')!, organisationId)) as {
        id: string;
        imei: string;
      };
      const result =
        (await db.execute(sql`insert into renewal_orders (reference, fitment_id, imei, registration_number, duration_in_days, amount_paise, provider, expires_before, organisation_id)
        values (${`RNW-${digits(8)}`}, ${fitment.id}::uuid, ${fitment.imei}, 'UP78FX0001', 365, 150000, 'upi', now(), ${organisationId}::uuid) returning id`)) as unknown as {
          rows: { id: string }[];
        };
      return result.rows[0]!;
    }
    if (resource.name === 'positions' || resource.name === 'eventlogs') {
      // written by the gateway: a row of a fresh device of the organisation, which holds it from now on
      const device = (await createSample(api, findResource('device')!, organisationId)) as { id: string };
      const statement =
        resource.name === 'positions'
          ? sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type) values (${device.id}::uuid, now() + interval '1 second', 26.45, 80.33, 20, 'NR') returning id`
          : sql`insert into events (type, device_id, organisation_id, event_time) values ('SOS', ${device.id}::uuid, ${organisationId}::uuid, now() + interval '1 second') returning id`;
      const result = (await db.execute(statement)) as unknown as { rows: { id: string }[] };
      return result.rows[0]!;
    }
    if (resource.name === 'deliveries') {
      // queued by the server's own work (a reset code, an alert): a message of the organisation
      const result = (await db.execute(
        sql`insert into outbox (channel, recipient, subject, body, options, organisation_id) values ('webhook', 'https://hooks.example.com/x', 'Sample', 'Sample message', ${JSON.stringify({ secret: 'whsec_c2FtcGxl' })}::jsonb, ${organisationId}::uuid) returning id`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows[0]!;
    }
    const statement =
      resource.name === 'audit-log'
        ? // written by the server after each change: one by nobody in particular, of the organisation
          sql`insert into audit_log (event, action, address, organisation_id) values ('change', 'PUT /api/sample', '127.0.0.1', ${organisationId}::uuid) returning id`
        : sql`insert into ${sql.identifier(resource.table)} (frame, parse_result, imei, organisation_id) values ('$sample*', 'OK', ${digits(15)}, ${organisationId}::uuid) returning id`;
    const result = (await db.execute(statement)) as unknown as { rows: { id: string }[] };
    return result.rows[0]!;
  }
  const response = await call(api, 'POST', resource.api, await sampleBody(api, resource, organisationId));
  if (response.statusCode !== 201)
    throw new Error(`creating a sample ${resource.name} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
