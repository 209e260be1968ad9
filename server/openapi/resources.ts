import { seenAsName, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import { writableFields, type WriteMode } from '../resources/validation.ts';
import { spoken, type Said } from '../http/errors.ts';
import { envelope, errors, listOf } from './shared.ts';
import { objectSample, sampleOf } from './samples.ts';

/**
 * The OpenAPI answers of a declared resource's routes (server/resources/routes.ts), derived from its
 * declaration as its request schemas are (server/resources/validation.ts): a record's fields, its
 * references as objects (`role: {id, name}`) and `labels`, with examples made from the fields.
 */

type Schema = Record<string, unknown>;

const nullable = (type: string, field: Field) =>
  field.required && !field.nullable && field.default === undefined ? type : [type, 'null'];

/** A field as a read shows it: its kind, null where the column may hold none. */
function readSchema(field: Field): Schema {
  switch (field.type) {
    case 'number':
      return { type: nullable(field.integer ? 'integer' : 'number', field) };
    case 'boolean':
      return { type: nullable('boolean', field) };
    case 'choice':
      return { type: nullable('string', field), enum: [...field.choices, null] };
    case 'reference':
      return { type: nullable('string', field), format: 'uuid' };
    case 'date':
      return { type: nullable('string', field), description: 'ISO 8601: a day (yyyy-MM-dd) or an instant' };
    case 'array':
      return { type: nullable('array', field) };
    case 'object':
      return {
        type: nullable('object', field),
        properties: Object.fromEntries(Object.entries(field.fields).map(([name, sub]) => [name, readSchema(sub)])),
        additionalProperties: true,
      };
    case 'geometry':
      return {
        type: nullable('object', field),
        properties: { type: { type: 'string', enum: [...field.kinds] }, coordinates: { type: 'array' } },
      };
    case 'json':
      return {};
    default:
      return { type: nullable('string', field) };
  }
}

const readable = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(([, field]) => field.type !== 'password');

/** The fields that name a referenced row, as its as-seen object carries them. */
function seenFields(target: ResourceDeclaration) {
  return [...new Set([...target.recordLabel, ...(target.displayLabel ?? [])])];
}

function references(resource: ResourceDeclaration) {
  return Object.entries(resource.fields).flatMap(([name, field]) => {
    const target = field.type === 'reference' ? findResource(field.reference) : undefined;
    return target ? [{ name, target, seenAs: seenAsName(resource, name) }] : [];
  });
}

/** A record as a read, a list, a create, an edit or a delete answers it. */
export function recordSchema(resource: ResourceDeclaration): Schema {
  const serial = resource.ids === 'serial';
  const properties: Record<string, Schema> = {
    id: serial ? { type: ['string', 'integer'], pattern: '^[0-9]+$' } : { type: 'string', format: 'uuid' },
  };
  if (resource.timestamps !== false) {
    properties.createdAt = { type: 'string', format: 'date-time' };
    properties.updatedAt = { type: 'string', format: 'date-time' };
  }
  for (const [name, field] of readable(resource)) properties[name] = readSchema(field);
  if (resource.labels !== false) {
    for (const { target, seenAs } of references(resource)) {
      if (!seenAs) continue;
      properties[seenAs] = {
        type: ['object', 'null'],
        description: `the referenced ${target.name}: its id and name`,
        properties: {
          id: { type: 'string', format: 'uuid' },
          ...Object.fromEntries(seenFields(target).map((name) => [name, { type: ['string', 'null'] }])),
        },
      };
    }
    properties.labels = {
      type: 'object',
      description: 'the name of each referenced row, by field',
      additionalProperties: { type: 'string' },
    };
  }
  // a name picker's list carries the id and the name fields alone (server/resources/picker.ts)
  return { type: 'object', required: ['id'], properties, additionalProperties: true };
}

/** A record with example values for every field. */
export function recordExample(resource: ResourceDeclaration): Schema {
  const example: Schema = { id: resource.ids === 'serial' ? '1048576' : '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64' };
  if (resource.timestamps !== false) {
    example.createdAt = '2026-11-01T09:30:00.000Z';
    example.updatedAt = '2026-11-28T10:15:00.000Z';
  }
  for (const [name, field] of readable(resource)) example[name] = sampleOf(name, field);
  if (resource.labels !== false) {
    const labels: Record<string, string> = {};
    for (const { name, target, seenAs } of references(resource)) {
      const seen = objectSample(Object.fromEntries(seenFields(target).map((f) => [f, target.fields[f]!])));
      labels[name] = Object.values(seen).join(' ');
      if (seenAs) example[seenAs] = { id: example[name], ...seen };
    }
    example.labels = labels;
  }
  return example;
}

/** A create or edit body with an example value for each field it may set. */
export function writeExample(resource: ResourceDeclaration, mode: WriteMode): Schema {
  return Object.fromEntries(writableFields(resource, mode).map(([name, field]) => [name, sampleOf(name, field)]));
}

/** The body schema of a create or an edit, with its example. */
export function withWriteExample(resource: ResourceDeclaration, mode: WriteMode, body: Schema): Schema {
  return { ...body, examples: [writeExample(resource, mode)] };
}

const one = (resource: ResourceDeclaration, description: string) => ({
  ...recordSchema(resource),
  description,
  examples: [recordExample(resource)],
});

interface ActionAnswer {
  /** What the answer says. */
  message: Said;
  /** Its error statuses. */
  statuses: number[];
  /** Its success status: 200 unless given. */
  status?: number;
  /** Values of the example record to match the message. */
  example?: Schema;
}

/** The responses of each generic route of a resource. */
export const resourceResponses = {
  list: (resource: ResourceDeclaration) => ({
    200: listOf(recordSchema(resource), recordExample(resource), resource.name),
    ...errors(400, 401, 403, 429),
  }),
  read: (resource: ResourceDeclaration) => ({
    200: one(resource, `The ${resource.name}`),
    ...errors(400, 401, 403, 404, 429),
  }),
  create: (resource: ResourceDeclaration) => ({
    201: one(resource, `The ${resource.name} created`),
    ...errors(400, 401, 403, 409, 429),
  }),
  update: (resource: ResourceDeclaration) => ({
    200: one(resource, `The ${resource.name} as saved`),
    ...errors(400, 401, 403, 404, 409, 429),
  }),
  remove: (resource: ResourceDeclaration) => ({
    200: one(resource, `The ${resource.name} deleted`),
    ...errors(400, 401, 403, 404, 409, 429),
  }),
  /** An action's answer: `{success, message, data}`, the message said and the record as the action left it. */
  action: (resource: ResourceDeclaration, { message, statuses, status = 200, example = {} }: ActionAnswer) => ({
    [status]: {
      ...envelope(recordSchema(resource), undefined),
      description: `What was done, and the ${resource.name} as it stands now`,
      examples: [{ success: true, ...spoken(message), data: { ...recordExample(resource), ...example } }],
    },
    ...errors(...statuses),
  }),
};
