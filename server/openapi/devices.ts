import { answers, errors, obj, withExample, nullableText } from './shared.ts';

/** The OpenAPI answers and examples of the device actions (server/devices/actions.ts). */

const EXAMPLE_ID = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';
const EXAMPLE_ORG = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';
const countAnswer = answers(obj({ count: { type: 'integer' } }), { count: 1 }, [400, 401, 403, 429]);
const commandSchema = obj({
  id: { type: 'string' },
  kind: { type: 'string', enum: ['COMMAND', 'FIRMWARE'] },
  command: { type: 'string' },
  status: { type: 'string' },
  result: nullableText,
  createdAt: { type: 'string' },
  sentAt: nullableText,
  sentToAddress: nullableText,
  answeredAt: nullableText,
});
const commandExample = {
  id: EXAMPLE_ID,
  kind: 'COMMAND',
  command: 'SET,SPEED,80',
  status: 'ANSWERED',
  result: 'OK',
  createdAt: '2026-11-28T10:15:00+00:00',
  sentAt: '2026-11-28T10:15:04+00:00',
  sentToAddress: '203.0.113.7:50312',
  answeredAt: '2026-11-28T10:15:05+00:00',
};

export const deviceDocs = {
  allocateExample: { ids: [EXAMPLE_ID], organisationId: EXAMPLE_ORG },
  rollbackExample: { ids: [EXAMPLE_ID] },
  count: countAnswer,
  queued: answers(
    obj({ id: { type: 'string' }, status: { type: 'string' }, createdAt: { type: 'string' } }),
    { id: EXAMPLE_ID, status: 'QUEUED', createdAt: '2026-11-28T10:15:00.000+00:00' },
    [400, 401, 403, 404, 429],
    201,
  ),
  commands: {
    200: withExample({ type: 'array', items: commandSchema }, [commandExample]),
    ...errors(400, 401, 403, 404, 429),
  },
};
