import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { badRequest, spoken } from '../http/errors.ts';
import routeResource from '../../resources/entities/route.ts';
import { findRecord } from '../resources/records.ts';
import { query } from '../resources/sql.ts';
import { message, said } from '../resources/messages.ts';

export const KML_LIMIT_BYTES = 2 * 1024 * 1024;
type Position = number[];

/**
 * The route line of a KML document: its LineStrings joined in order (a MultiLineString's parts
 * too). Parsed with xmldom and togeojson, never by hand.
 */
export function lineFromKml(text: string): { name?: string; coordinates: Position[] } {
  let document: unknown;
  try {
    document = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw new Error('invalid');
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw badRequest(said('api.kml.invalid'));
  }
  const collection = kml(document as Document);
  const coordinates: Position[] = [];
  let name: string | undefined;
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (!geometry) continue;
    const lines =
      geometry.type === 'LineString'
        ? [geometry.coordinates]
        : geometry.type === 'MultiLineString'
          ? geometry.coordinates
          : [];
    if (lines.length && !name && typeof feature.properties?.name === 'string') name = feature.properties.name;
    for (const line of lines) coordinates.push(...line.map((p: Position) => [p[0]!, p[1]!]));
  }
  if (coordinates.length < 2) throw badRequest(said('api.kml.noLine'));
  if (coordinates.some(([lng, lat]) => !(Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90)))
    throw badRequest(said('api.kml.outOfRange'));
  return { name, coordinates };
}

export function kmlRouteRoutes(app: FastifyInstance, db: Db) {
  app.post<{ Body: { name?: string; description?: string; toleranceMeters?: number; kml: string } }>(
    '/routes/kml',
    {
      config: { permission: 'add-kml-route' },
      bodyLimit: KML_LIMIT_BYTES + 64 * 1024,
      schema: {
        tags: ['route'],
        summary: 'Create a route from a KML file: its LineStrings become the route line',
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 100 },
            description: { type: 'string', maxLength: 500 },
            toleranceMeters: {
              type: 'integer',
              minimum: 10,
              maximum: 5000,
              errorMessage: message('api.kml.tolerance', { min: 10, max: 5000 }),
            },
            kml: {
              type: 'string',
              minLength: 1,
              maxLength: KML_LIMIT_BYTES,
              errorMessage: message('api.kml.tooLarge', { size: '2 MiB' }),
            },
          },
          required: ['kml'],
          errorMessage: { required: { kml: message('kml.chooseFile') } },
        },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const { coordinates, name: kmlName } = lineFromKml(request.body.kml);
      const name = request.body.name?.trim() || kmlName?.trim();
      if (!name) throw badRequest(said('api.kml.nameRequired'), { name: said('api.kml.nameRequired') });
      const [row] = await query<{ id: string }>(
        db,
        sql`insert into routes (name, description, line, tolerance_meters, organisation_id)
      values (${name}, ${request.body.description?.trim() || null}, ${JSON.stringify({ type: 'LineString', coordinates })}::jsonb,
        ${request.body.toleranceMeters ?? null}, ${caller.organisationId}::uuid) returning id`,
      );
      reply.status(201);
      return {
        success: true,
        ...spoken(said('api.kml.created', { count: coordinates.length })),
        data: await findRecord(db, routeResource, caller, row!.id),
      };
    },
  );
}
