import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { badRequest, forbidden, notFound, spoken } from '../http/errors.ts';
import deviceResource from '../../resources/entities/device.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { andInScope, canUseOrganisation } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import type { Caller } from '../auth/caller.ts';
import { idParams } from '../http/params.ts';
import { message, said } from '../resources/messages.ts';
import { emitDeviceMoved } from './resource-hooks.ts';
import { deviceDocs } from '../openapi/devices.ts';

const uuidList = {
  type: 'array',
  items: { type: 'string', format: 'uuid' },
  minItems: 1,
  maxItems: 1000,
  uniqueItems: true,
  errorMessage: message('api.devices.chooseDevices'),
};

/** The devices among ids that the caller may change; 404 if any is not theirs to see. */
async function writableDevices(db: Db, caller: Caller, ids: string[]) {
  const rows = await query<{ id: string; imei: string; status: string }>(
    db,
    sql`select t.id, t.imei, t.status from devices t
    where t.id in (${sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    )})${andInScope(deviceResource, caller, 'write')}`,
  );
  if (rows.length !== ids.length) throw notFound(said('api.devices.someNotFound'));
  return rows;
}

/**
 * Puts devices in an organisation with a status, and tells the change webhooks of each one that
 * changed organisation (device.moved), in one transaction.
 */
async function moveDevices(db: Db, ids: string[], organisationId: string, status: 'ALLOCATED' | 'NEW') {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const moved = await query<{ id: string; from: string }>(
      tx,
      sql`with before as (select id, organisation_id from devices where id = any(${`{${ids.join(',')}}`}::uuid[]) for update)
      update devices d set organisation_id = ${organisationId}::uuid, status = ${status}, updated_at = now()
      from before where d.id = before.id returning d.id, before.organisation_id as "from"`,
    );
    for (const device of moved) await emitDeviceMoved(tx, device.id, device.from, organisationId);
  });
}

/** Device row actions of the spec, each behind its own permission id. */
export function deviceActionRoutes(app: FastifyInstance, db: Db) {
  app.put<{ Body: { ids: string[]; organisationId: string } }>(
    '/device/allocate',
    {
      config: { permission: 'allocate-device-bulk' },
      schema: {
        tags: ['device'],
        summary: 'Allocate devices to an organisation below the caller: status ALLOCATED',
        body: {
          type: 'object',
          properties: {
            ids: uuidList,
            organisationId: { type: 'string', format: 'uuid', errorMessage: message('api.devices.chooseOrganisation') },
          },
          required: ['ids', 'organisationId'],
          errorMessage: {
            required: {
              ids: message('api.devices.chooseDevices'),
              organisationId: message('api.devices.chooseOrganisation'),
            },
          },
          examples: [deviceDocs.allocateExample],
        },
        response: deviceDocs.count,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { ids, organisationId } = request.body;
      if (!(await canUseOrganisation(db, caller, organisationId))) throw forbidden(said('api.devices.allocateOutside'));
      const devices = await writableDevices(db, caller, ids);
      const busy = devices.filter((d) => d.status === 'INSTALLED');
      if (busy.length)
        throw badRequest(said('api.devices.installedCannotAllocate', { imeis: busy.map((d) => d.imei).join(', ') }));
      await moveDevices(db, ids, organisationId, 'ALLOCATED');
      return {
        success: true,
        ...spoken(said('api.devices.allocated', { smart_count: ids.length })),
        data: { count: ids.length },
      };
    },
  );

  app.put<{ Body: { ids: string[] } }>(
    '/device/rollback',
    {
      config: { permission: 'rollback-device' },
      schema: {
        tags: ['device'],
        summary: "Take allocated devices back into the caller's organisation: status NEW",
        body: {
          type: 'object',
          properties: { ids: uuidList },
          required: ['ids'],
          errorMessage: { required: { ids: message('api.devices.chooseDevices') } },
          examples: [deviceDocs.rollbackExample],
        },
        response: deviceDocs.count,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const devices = await writableDevices(db, caller, request.body.ids);
      const notAllocated = devices.filter((d) => d.status !== 'ALLOCATED');
      if (notAllocated.length)
        throw badRequest(
          said('api.devices.rollbackOnlyAllocated', { imeis: notAllocated.map((d) => d.imei).join(', ') }),
        );
      await moveDevices(db, request.body.ids, caller.organisationId, 'NEW');
      return {
        success: true,
        ...spoken(said('api.devices.rolledBack', { smart_count: devices.length })),
        data: { count: devices.length },
      };
    },
  );

  const queue = (
    kind: string,
    permission: string,
    summary: string,
    bodyField: string,
    pattern: string,
    refusal: string,
    text: (v: string) => string,
  ) => {
    app.post<{ Params: { id: string }; Body: Record<string, string> }>(
      `/device/:id/${kind === 'COMMAND' ? 'command' : 'firmware'}`,
      {
        config: { permission },
        schema: {
          tags: ['device'],
          summary,
          params: idParams,
          body: {
            type: 'object',
            properties: {
              [bodyField]: { type: 'string', minLength: 1, maxLength: 200, pattern, errorMessage: refusal },
            },
            required: [bodyField],
            errorMessage: { required: { [bodyField]: refusal } },
            examples: [{ [bodyField]: kind === 'COMMAND' ? 'SET,SPEED,80' : '2.1.8' }],
          },
          response: deviceDocs.queued,
        },
      },
      async (request, reply) => {
        const caller = await requireCaller(request);
        const device = await writableRecord({ db, caller, request, resource: deviceResource }, request.params.id);
        const [row] = await query<{ id: string; status: string; createdAt: string }>(
          db,
          sql`insert into device_commands (device_id, kind, command, requested_by)
        values (${device.id}::uuid, ${kind}, ${text(request.body[bodyField]!.trim())}, ${caller.userId}::uuid)
        returning id, status, to_json(created_at) #>> '{}' as "createdAt"`,
        );
        reply.status(201);
        return { success: true, ...spoken(said('api.devices.commandQueued')), data: row };
      },
    );
  };
  queue(
    'COMMAND',
    'send-command',
    'Queue a command for the device (sent when it connects)',
    'command',
    '^[\\x20-\\x7E]+$',
    message('api.devices.typeCommand'),
    (v) => v,
  );
  queue(
    'FIRMWARE',
    'update-firmware',
    'Queue a firmware update for the device',
    'firmwareVersion',
    '^[A-Za-z0-9._-]+$',
    message('api.devices.typeFirmware'),
    (v) => `FOTA,${v}`,
  );

  app.get<{ Params: { id: string } }>(
    '/device/:id/commands',
    {
      config: { permission: 'send-command' },
      schema: {
        tags: ['device'],
        summary: "The device's queued and answered commands, newest first",
        params: idParams,
        response: deviceDocs.commands,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const device = await findRecord(db, deviceResource, caller, request.params.id);
      if (!device) throw notFound();
      return query(
        db,
        sql`select id, kind, command, status, result, to_json(created_at) #>> '{}' as "createdAt",
      to_json(sent_at) #>> '{}' as "sentAt", sent_to_address as "sentToAddress", to_json(answered_at) #>> '{}' as "answeredAt"
      from device_commands where device_id = ${device.id}::uuid order by created_at desc limit 50`,
      );
    },
  );
}
