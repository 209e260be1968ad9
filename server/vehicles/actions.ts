import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { badRequest, HttpError, notFound, spoken } from '../http/errors.ts';
import vehicleResource from '../../resources/entities/vehicle.ts';
import deviceResource from '../../resources/entities/device.ts';
import geofenceResource from '../../resources/entities/geofence.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { normaliseProperties, rules, ruleSchema } from '../../core/rules.ts';
import { displayValue } from '../../resources/display.ts';
import { message, preferredLanguage, textIn } from '../resources/messages.ts';
import { fieldLabel } from '../../resources/define.ts';
import { queueMessage } from '../outbox.ts';
import { vehicleDocs } from '../openapi/vehicles.ts';
import { done } from '../openapi/shared.ts';
import { idParams } from '../http/params.ts';
import { said } from '../resources/messages.ts';
import { linkDevice } from './tracked-from.ts';

/** Vehicle actions of the spec: tracking on and off, device link, geofences, send mail. */
export function vehicleActionRoutes(app: FastifyInstance, db: Db) {
  const tracking = (path: string, permission: string, on: boolean) =>
    app.post<{ Params: { id: string } }>(
      `/vehicle/${path}/:id`,
      {
        config: { permission },
        schema: {
          tags: ['vehicle'],
          summary: on ? 'Start tracking the vehicle' : 'Discontinue tracking the vehicle',
          params: idParams,
          response: vehicleDocs.vehicle,
        },
      },
      async (request) => {
        const caller = await requireCaller(request);
        const vehicle = await writableRecord({ db, caller, request, resource: vehicleResource }, request.params.id);
        if (on && !vehicle.deviceId) throw badRequest(said('api.vehicles.linkDeviceFirst'));
        await query(
          db,
          sql`update vehicles set is_tracking_activated = ${on}, updated_at = now() where id = ${vehicle.id}::uuid`,
        );
        return {
          success: true,
          ...spoken(said(on ? 'api.vehicles.trackingOn' : 'api.vehicles.trackingOff')),
          data: await findRecord(db, vehicleResource, caller, vehicle.id),
        };
      },
    );
  tracking('activate-tracking', 'activated-tracking', true);
  tracking('deactivate-tracking', 'deActivated-tracking', false);

  app.put<{ Params: { vehicleId: string; deviceId: string }; Body: { action?: 'link' | 'unlink' } }>(
    '/vehicle/device/:vehicleId/:deviceId',
    {
      config: { permission: 'link-unlink-device' },
      schema: {
        tags: ['vehicle'],
        summary: 'Link a device to a vehicle, or unlink it when it is the linked one',
        params: {
          type: 'object',
          properties: { vehicleId: { type: 'string', format: 'uuid' }, deviceId: { type: 'string', format: 'uuid' } },
          required: ['vehicleId', 'deviceId'],
        },
        body: {
          type: ['object', 'null'],
          properties: { action: { type: 'string', enum: ['link', 'unlink'] } },
          examples: [vehicleDocs.linkExample],
        },
        response: vehicleDocs.vehicle,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const vehicle = await writableRecord(
        { db, caller, request, resource: vehicleResource },
        request.params.vehicleId,
      );
      const device = await writableRecord({ db, caller, request, resource: deviceResource }, request.params.deviceId);
      const action = request.body?.action ?? (vehicle.deviceId === device.id ? 'unlink' : 'link');
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (action === 'unlink') {
          if (vehicle.deviceId !== device.id) throw badRequest(said('api.vehicles.deviceNotLinked'));
          await linkDevice(t, vehicle.id, null);
          await query(t, sql`update vehicles set is_tracking_activated = false where id = ${vehicle.id}::uuid`);
          return;
        }
        const [elsewhere] = await query<{ registrationNumber: string }>(
          t,
          sql`select registration_number as "registrationNumber" from vehicles where device_id = ${device.id}::uuid and id <> ${vehicle.id}::uuid`,
        );
        if (elsewhere)
          throw new HttpError(
            409,
            said('api.vehicles.deviceLinkedElsewhere', { registration: elsewhere.registrationNumber }),
          );
        await linkDevice(t, vehicle.id, device.id);
        await query(t, sql`update devices set status = 'INSTALLED', updated_at = now() where id = ${device.id}::uuid`);
      });
      return {
        success: true,
        ...spoken(said(action === 'link' ? 'api.vehicles.linked' : 'api.vehicles.unlinked')),
        data: await findRecord(db, vehicleResource, caller, vehicle.id),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/vehicle/:id/geofences',
    {
      // the Assign Geofence dialog shows what is assigned, for a role that may assign without the vehicle screen
      config: { permission: [vehicleResource.module, 'assign-geofence'] },
      schema: {
        tags: ['vehicle'],
        summary: 'Geofences assigned to the vehicle',
        params: idParams,
        response: vehicleDocs.geofences,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const vehicle = await findRecord(db, vehicleResource, caller, request.params.id);
      if (!vehicle) throw notFound();
      return query(
        db,
        sql`select g.id, g.name, g.type from vehicle_geofences vg join geofences g on g.id = vg.geofence_id where vg.vehicle_id = ${vehicle.id}::uuid order by g.name`,
      );
    },
  );

  app.put<{ Params: { id: string }; Body: { geofenceIds: string[] } }>(
    '/vehicle/:id/geofences',
    {
      config: { permission: 'assign-geofence' },
      schema: {
        tags: ['vehicle'],
        summary: 'Set the geofences assigned to the vehicle',
        params: idParams,
        body: {
          type: 'object',
          properties: {
            geofenceIds: { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: 200, uniqueItems: true },
          },
          required: ['geofenceIds'],
          examples: [vehicleDocs.assignExample],
        },
        response: vehicleDocs.assigned,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const vehicle = await writableRecord({ db, caller, request, resource: vehicleResource }, request.params.id);
      const ids = request.body.geofenceIds;
      if (ids.length) {
        const found = await query(
          db,
          sql`select t.id from geofences t where t.id in (${sql.join(
            ids.map((i) => sql`${i}::uuid`),
            sql`, `,
          )})${andInScope(geofenceResource, caller, 'read')}`,
        );
        if (found.length !== ids.length) throw badRequest(said('api.vehicles.geofencesNotFound'));
      }
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await query(t, sql`delete from vehicle_geofences where vehicle_id = ${vehicle.id}::uuid`);
        if (ids.length)
          await query(
            t,
            sql`insert into vehicle_geofences (vehicle_id, geofence_id) values ${sql.join(
              ids.map((g) => sql`(${vehicle.id}::uuid, ${g}::uuid)`),
              sql`, `,
            )}`,
          );
      });
      return {
        success: true,
        ...spoken(said('api.vehicles.geofencesAssigned', { smart_count: ids.length })),
        data: { geofenceIds: ids },
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { email?: string } }>(
    '/vehicle/:id/send-mail',
    {
      config: { permission: 'send-mail-item' },
      schema: {
        tags: ['vehicle'],
        summary: "E-mail the vehicle's details to its owner or to the given address",
        params: idParams,
        body: {
          type: ['object', 'null'],
          properties: { email: ruleSchema(rules.email, message('resources.user.fields.email'), message) },
          examples: [vehicleDocs.mailExample],
        },
        response: done(400, 401, 403, 404, 429),
      },
      preValidation: async (request) => normaliseProperties(request.body, { email: rules.email }),
    },
    async (request) => {
      const caller = await requireCaller(request);
      const vehicle = await findRecord(db, vehicleResource, caller, request.params.id);
      if (!vehicle) throw notFound();
      let recipient = request.body?.email;
      if (!recipient && vehicle.ownerId) {
        [{ email: recipient } = { email: undefined }] = await query<{ email?: string }>(
          db,
          sql`select email from users where id = ${vehicle.ownerId as string}::uuid`,
        );
      }
      if (!recipient) throw badRequest(said('api.vehicles.ownerNoEmail'));
      // in the language the request asks in, as the password-reset mail is
      const language = preferredLanguage(request.headers['accept-language']);
      const translate = (key: string) => textIn(language, key);
      const body = Object.keys(vehicleResource.fields)
        .map(
          (name) =>
            `${translate(fieldLabel(vehicleResource, name))}: ${displayValue(vehicleResource, name, vehicle, translate) || '-'}`,
        )
        .join('\n');
      await queueMessage(db, {
        channel: 'email',
        recipient,
        subject: textIn(language, 'api.vehicles.mailSubject', { registration: String(vehicle.registrationNumber) }),
        body,
        organisationId: vehicle.organisationId as string,
      });
      return { success: true, ...spoken(said('api.vehicles.detailsSent', { recipient })) };
    },
  );
}
