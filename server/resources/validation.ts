import { seenAsName, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { textRule } from '../../resources/text-rule.ts';
import { normalise, rules, ruleSchema } from '../../core/rules.ts';
import { labelOf, message, said, saidLabel } from './messages.ts';
import type { Said } from '../http/errors.ts';

type Schema = Record<string, unknown>;
export type WriteMode = 'create' | 'update';

/**
 * A date (yyyy-MM-dd) or a date and time, as the console sends them: years 1900 to 2100, months
 * 1 to 12, days that exist in the month (29 February in a common year is left to the database).
 */
export const DATE_PATTERN =
  '^(19\\d{2}|20\\d{2}|2100)-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|02-(0[1-9]|1\\d|2\\d))' +
  '([T ]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-](0\\d|1[0-4]):?[0-5]\\d)?)?$';
const DATE_REGEX = new RegExp(DATE_PATTERN);
export const isDateText = (value: unknown): value is string => typeof value === 'string' && DATE_REGEX.test(value);

/** Bounds of a number without declared ones: a PostgreSQL integer, or a magnitude no field of ours comes near. */
export const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const NUMBER_RANGE = { min: -1e15, max: 1e15 } as const;
const numberRange = (integer?: boolean) => (integer ? INTEGER_RANGE : NUMBER_RANGE);

/** Fields a create or an edit may set. */
export function writableFields(resource: ResourceDeclaration, mode: WriteMode): [string, Field][] {
  return Object.entries(resource.fields).filter(([, f]) => !f.readOnly && (mode === 'create' || !f.createOnly));
}

/** The JSON Schema of one declared field, with the console's messages. */
export function fieldSchema(label: string, field: Field, nullable: boolean): Schema {
  const messages = (extra: Record<string, string>) => ({ type: message('validation.invalid', { label }), ...extra });
  const withNull = (type: string) => (nullable ? [type, 'null'] : type);
  switch (field.type) {
    // the field's one rule (core/rules.ts), the same the console's form checks
    case 'text':
    case 'email':
    case 'phone':
    case 'password':
      return ruleSchema(textRule(field), label, message, { nullable });
    case 'number': {
      const min = field.min ?? numberRange(field.integer).min;
      const max = field.max ?? numberRange(field.integer).max;
      return {
        type: withNull(field.integer ? 'integer' : 'number'),
        minimum: min,
        maximum: max,
        errorMessage: messages({
          minimum: message('validation.min', { label, min }),
          maximum: message('validation.max', { label, max }),
        }),
      };
    }
    case 'boolean':
      return { type: withNull('boolean'), errorMessage: messages({}) };
    case 'date':
      return {
        type: withNull('string'),
        pattern: DATE_PATTERN,
        errorMessage: messages({ pattern: message('validation.invalid', { label }) }),
      };
    case 'choice':
      return {
        type: withNull('string'),
        enum: [...field.choices, ...(nullable ? [null] : [])],
        errorMessage: messages({ enum: message('validation.choice', { label }) }),
      };
    case 'reference':
      return {
        type: withNull('string'),
        format: 'uuid',
        errorMessage: messages({ format: message('validation.invalid', { label }) }),
      };
    case 'image':
      return {
        type: withNull('string'),
        maxLength: 500,
        pattern: '^(/api/file/|https?://)',
        errorMessage: messages({ pattern: message('validation.invalid', { label }) }),
      };
    case 'array': {
      const itemPattern = field.of === 'phone' ? rules.phone.pattern : field.itemPattern;
      const itemMessage =
        field.of === 'phone'
          ? message('validation.phone', { label })
          : field.itemPatternMessage
            ? message(field.itemPatternMessage)
            : message('validation.invalid', { label });
      const items =
        field.of === 'number'
          ? {
              type: 'number',
              minimum: NUMBER_RANGE.min,
              maximum: NUMBER_RANGE.max,
              errorMessage: message('validation.invalid', { label }),
            }
          : field.of === 'object'
            ? objectSchema(field.item ?? {}, false)
            : {
                type: 'string',
                minLength: 1,
                maxLength: 255,
                ...(itemPattern ? { pattern: itemPattern } : {}),
                errorMessage: itemMessage,
              };
      return {
        type: withNull('array'),
        items,
        ...(field.minItems !== undefined ? { minItems: field.minItems } : {}),
        ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
        errorMessage: messages({
          minItems: field.minItemsMessage
            ? message(field.minItemsMessage)
            : message('validation.minItems', { label, min: field.minItems ?? 0 }),
          maxItems: field.maxItemsMessage
            ? message(field.maxItemsMessage)
            : message('validation.maxItems', { label, max: field.maxItems ?? 0 }),
        }),
      };
    }
    case 'object':
      return objectSchema(field.fields, nullable);
    case 'geometry':
      return {
        type: withNull('object'),
        required: ['type', 'coordinates'],
        properties: { type: { type: 'string', enum: [...field.kinds] }, coordinates: { type: 'array' } },
        additionalProperties: false,
        errorMessage: { _: message('validation.invalid', { label }) },
      };
    case 'json':
      return {};
  }
}

/** An object of declared fields (an organisation's address, a fitment's vehicle): its required ones must be there. */
function objectSchema(fields: Record<string, Field>, nullable: boolean): Schema {
  const labelled = Object.entries(fields).map(
    ([name, sub]) => [name, sub, message(sub.label ?? `resources.common.${name}`)] as const,
  );
  const required = labelled.filter(([, sub]) => sub.required);
  return {
    type: nullable ? ['object', 'null'] : 'object',
    properties: Object.fromEntries(
      labelled.map(([name, sub, label]) => [name, fieldSchema(label, sub, !sub.required)]),
    ),
    additionalProperties: false,
    ...(required.length
      ? {
          required: required.map(([name]) => name),
          errorMessage: {
            required: Object.fromEntries(
              required.map(([name, , label]) => [name, message('validation.required', { label })]),
            ),
          },
        }
      : {}),
  };
}

/** The JSON Schema of a create or edit body, with the console's messages. */
export function bodySchema(resource: ResourceDeclaration, mode: WriteMode): Schema {
  const fields = writableFields(resource, mode);
  const required = mode === 'create' ? fields.filter(([, f]) => f.required).map(([n]) => n) : [];
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map(([name, field]) => [name, fieldSchema(labelOf(resource, name), field, !field.required)]),
    ),
    required,
    additionalProperties: false,
    ...(required.length
      ? {
          errorMessage: {
            required: Object.fromEntries(
              required.map((n) => [n, message('validation.required', { label: labelOf(resource, n) })]),
            ),
          },
        }
      : {}),
  };
}

/** The fields whose schema is a text (fieldSchema): an empty one is how a required one is missing. */
const TEXT_KINDS = new Set<Field['type']>([
  'text',
  'email',
  'phone',
  'password',
  'date',
  'choice',
  'reference',
  'image',
]);

/** Trims text, turns an optional field's empty text into null, and brings text to its rule's stored form (phones as +91 and ten digits, e-mails lower-cased, registration numbers upper-cased). */
export function normaliseBody(resource: ResourceDeclaration, body: Record<string, unknown>): void {
  takeSeenReferences(resource, body);
  const visit = (fields: Record<string, Field>, values: Record<string, unknown>) => {
    for (const [name, field] of Object.entries(fields)) {
      const value = values[name];
      if (field.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
        visit(field.fields, value as Record<string, unknown>);
        continue;
      }
      if (field.type === 'array' && field.of === 'object' && Array.isArray(value)) {
        for (const item of value)
          if (item && typeof item === 'object') visit(field.item ?? {}, item as Record<string, unknown>);
        continue;
      }
      if (field.type === 'array' && field.of !== 'number' && Array.isArray(value)) {
        // empty entries are dropped, as the console's list inputs do
        const kept = value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
        values[name] =
          field.of === 'phone' ? kept.map((v) => (typeof v === 'string' ? normalise(rules.phone, v) : v)) : kept;
        continue;
      }
      // a required field's null or empty text is refused as missing ("… is required"), not as of
      // the wrong kind: its schema takes no null, so it stays (or becomes) empty text
      if (value === null && field.required && TEXT_KINDS.has(field.type)) {
        values[name] = '';
        continue;
      }
      if (typeof value !== 'string') continue;
      let next: string | null = field.type === 'password' ? value : value.trim();
      if (next === '' && field.type !== 'password' && !field.required) next = null;
      if (
        next !== null &&
        (field.type === 'text' || field.type === 'email' || field.type === 'phone' || field.type === 'password')
      )
        next = normalise(textRule(field), next);
      values[name] = next;
    }
  };
  visit(resource.fields, body);
}

/**
 * A read's reference objects written back (`role: {id, name}` or `role: "<id>"`) stand for their
 * id field, unless the id field is given too; either way the object goes, so what an integrator
 * copies from a read into a write works.
 */
function takeSeenReferences(resource: ResourceDeclaration, body: Record<string, unknown>) {
  for (const name of Object.keys(resource.fields)) {
    const seenAs = seenAsName(resource, name);
    if (!seenAs || !Object.hasOwn(body, seenAs)) continue;
    const value = body[seenAs];
    delete body[seenAs];
    if (body[name] !== undefined) continue;
    // an object's id, else the value as it came, for the id field's schema to judge
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    body[name] = isObject && Object.hasOwn(value, 'id') ? (value as { id: unknown }).id : value;
  }
}

/** Coordinates within range for GeoJSON geometries; JSON Schema only checks their shape. */
export function geometryErrors(resource: ResourceDeclaration, body: Record<string, unknown>): Record<string, Said> {
  const errors: Record<string, Said> = {};
  const validPoint = (p: unknown) =>
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === 'number' &&
    typeof p[1] === 'number' &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) <= 90;
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.type !== 'geometry' || !body[name]) continue;
    const { type, coordinates } = body[name] as { type: string; coordinates: unknown };
    const ok =
      type === 'Point'
        ? validPoint(coordinates)
        : type === 'LineString'
          ? Array.isArray(coordinates) && coordinates.length >= 2 && coordinates.every(validPoint)
          : Array.isArray(coordinates) &&
            coordinates.length >= 1 &&
            coordinates.every(
              (ring) =>
                Array.isArray(ring) &&
                ring.length >= 4 &&
                ring.every(validPoint) &&
                ring[0][0] === ring[ring.length - 1][0] &&
                ring[0][1] === ring[ring.length - 1][1],
            );
    if (!ok) errors[name] = said('validation.invalid', { label: saidLabel(resource, name) });
  }
  return errors;
}
