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
import { resourceResponses } from '../openapi/resources.ts';

export const KML_LIMIT_BYTES = 2 * 1024 * 1024;

/** A route's KML as Google Earth or My Maps exports it, for the OpenAPI document. */
const KML_EXAMPLE = {
  name: 'Charbagh to Alambagh',
  description: 'City bus route 12',
  toleranceMeters: 100,
  kml: '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Route 12</name><LineString><coordinates>80.9210,26.8320 80.9175,26.8198 80.9052,26.8104</coordinates></LineString></Placemark></Document></kml>',
};
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
          examples: [KML_EXAMPLE],
        },
        response: resourceResponses.action(routeResource, {
          message: said('api.kml.created', { count: 3 }),
          statuses: [400, 401, 403, 429],
          status: 201,
          example: {
            name: KML_EXAMPLE.name,
            description: KML_EXAMPLE.description,
            line: { type: 'LineString', coordinates: lineFromKml(KML_EXAMPLE.kml).coordinates },
            toleranceMeters: KML_EXAMPLE.toleranceMeters,
          },
        }),
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
