import fitment from '../../resources/entities/fitment.ts';
import { recordExample, resourceResponses, writeExample } from './resources.ts';
import { errors, obj, withExample } from './shared.ts';
import { said } from '../resources/messages.ts';
import { spoken } from '../http/errors.ts';

/** The OpenAPI answers and examples of the activation steps, bulk activation and the customer lookup (server/fitments/routes.ts). */

const UUID = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';

export const fitmentDocs = {
  step: (step: 'approve' | 'undo') => {
    const answer = resourceResponses.update(fitment);
    const example = { ...recordExample(fitment), activationStatus: step === 'approve' ? 'ACTIVE' : 'INACTIVE' };
    return { ...answer, 200: { ...answer[200], examples: [example] } };
  },
  bulkExample: () => [{ ...writeExample(fitment, 'create'), line: 2 }],
  bulk: {
    200: withExample(
      obj({
        success: { type: 'boolean' },
        message: { type: 'string' },
        messageKey: { type: 'string' },
        created: { type: 'integer' },
        ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
      }),
      {
        success: true,
        ...spoken(said('fitment.bulk.created')),
        created: 1,
        ids: [UUID],
      },
    ),
    ...errors(400, 401, 403, 409, 429),
  },
  lookup: {
    200: withExample(
      obj({
        id: { type: 'string', format: 'uuid' },
        firstName: { type: 'string' },
        lastName: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
        phone: { type: 'string' },
        roleName: { type: 'string' },
      }),
      { id: UUID, firstName: 'Ravi', lastName: 'Kumar', email: null, phone: '+919812345678', roleName: 'CUSTOMER' },
    ),
    ...errors(400, 401, 403, 404, 409, 429),
  },
};
