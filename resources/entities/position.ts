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
    deviceId: reference('device', { readOnly: true, filterable: true }),
    fixTime: date({ readOnly: true, sortable: true, filterable: true }),
    receivedAt: date({ readOnly: true }),
    latitude: number({ readOnly: true }),
    longitude: number({ readOnly: true }),
    speed: number({ readOnly: true, sortable: true, filterable: true }),
    heading: number({ readOnly: true }),
    altitude: number({ readOnly: true }),
    satellites: number({ readOnly: true, integer: true }),
    ignition: boolean({ readOnly: true }),
    gpsFix: boolean({ readOnly: true }),
    live: boolean({ readOnly: true }),
    packetType: text({ readOnly: true, filterable: true }),
    attributes: json({ readOnly: true }),
    imei: text({ readOnly: true, via: { reference: 'deviceId', field: 'imei' } }),
  },
  list: ['fixTime', 'speed'],
  recordLabel: ['fixTime'],
  defaultSort: ['fixTime', 'DESC'],
});
