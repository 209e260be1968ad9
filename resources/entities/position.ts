import { boolean, date, deviceHistory, defineResource, json, number, reference, text } from '../define.ts';

/**
 * The stored positions of devices, written by the gateway and read-only here: the route playback's
 * points on the list contract. A position is seen by the organisations that held its device at its
 * fix time (docs/security.md); filters beyond the fields: imei, vehicleId, from and to
 * (server/tracking/resource-hooks.ts).
 */
export default defineResource({
  name: 'positions',
  api: '/positions',
  table: 'positions',
  // no screen of its own: the route playback (module route-playback) draws them
  path: '/view-operations/route-playback',
  title: 'menu.routePlayback',
  module: 'route-playback',
  ...deviceHistory('fixTime'),
  fields: {
    // its foreign key is a trigger on devices (ReferenceField.foreignKey)
    deviceId: reference('device', {
      readOnly: true,
      required: true,
      onDelete: 'cascade',
      foreignKey: false,
      filterable: true,
    }),
    fixTime: date({ readOnly: true, required: true, sortable: true, filterable: true }),
    receivedAt: date({ readOnly: true, default: 'now' }),
    latitude: number({ readOnly: true, required: true }),
    longitude: number({ readOnly: true, required: true }),
    speed: number({ readOnly: true, default: 0, precision: 'single', sortable: true, filterable: true }),
    heading: number({ readOnly: true, default: 0, precision: 'single' }),
    altitude: number({ readOnly: true, precision: 'single' }),
    satellites: number({ readOnly: true, integer: true }),
    ignition: boolean({ readOnly: true }),
    gpsFix: boolean({ readOnly: true, default: true }),
    live: boolean({ readOnly: true, default: true }),
    packetType: text({ readOnly: true, required: true, filterable: true }),
    attributes: json({ readOnly: true, default: {} }),
    imei: text({ readOnly: true, via: { reference: 'deviceId', field: 'imei' } }),
  },
  list: ['fixTime', 'speed'],
  recordLabel: ['fixTime'],
  defaultSort: ['fixTime', 'DESC'],
});
