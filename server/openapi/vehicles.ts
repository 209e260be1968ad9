import vehicleResource from '../../resources/entities/vehicle.ts';
import { recordExample, recordSchema } from './resources.ts';
import { answers, errors, obj, withExample } from './shared.ts';

/** The OpenAPI answers and examples of the vehicle actions (server/vehicles/actions.ts). */

const GEOFENCE = '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38';
const vehicle = recordSchema(vehicleResource);
const vehicleExample = recordExample(vehicleResource);

export const vehicleDocs = {
  /** The vehicle as saved, in `data`. */
  vehicle: answers(vehicle, vehicleExample, [400, 401, 403, 404, 429]),
  linkExample: { action: 'link' },
  geofences: {
    200: withExample(
      {
        type: 'array',
        items: obj({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, type: { type: 'string' } }),
      },
      [{ id: GEOFENCE, name: 'Charbagh depot', type: 'IN_OUT' }],
    ),
    ...errors(400, 401, 403, 404, 429),
  },
  assignExample: { geofenceIds: [GEOFENCE] },
  assigned: answers(
    obj({ geofenceIds: { type: 'array', items: { type: 'string' } } }),
    { geofenceIds: [GEOFENCE] },
    [400, 401, 403, 404, 429],
  ),
  mailExample: { email: 'owner@example.in' },
};
