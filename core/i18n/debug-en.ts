/** Strings of the debug page: temporary devices and their frames. */
const debug = {
  intro:
    'Add a tracker by its IMEI for 24 hours and watch its frames arrive, newest first: an installer can tell at once whether it reaches the server.',
  imei: 'IMEI',
  imeiPattern: "Type the device's 15-digit IMEI",
  add: 'Add Device',
  devices: 'Temporary devices',
  none: 'No temporary device yet. Add one by its IMEI.',
  expires: 'Expires %{time}',
  kept: 'Kept until removed',
  keep: 'Keep',
  remove: 'Remove',
  lastFrame: 'Last frame %{time}',
  noFrameYet: 'No frame yet',
  frames: 'Frames of %{imei}',
  waiting: 'Waiting for frames... Point the tracker at this server and they appear here within a few seconds.',
  live: 'Updated every 2 seconds',
  received: 'Received',
  kind: 'Kind',
  checksum: 'Checksum',
  checksums: { valid: 'OK', invalid: 'Failed', absent: 'None sent' },
  kinds: {
    login: 'Login',
    position: 'Position',
    health: 'Health',
    emergency: 'Emergency',
    heartbeat: 'Heartbeat',
    'command-reply': 'Command reply',
    unreadable: 'Not readable',
  },
  error: 'Error',
  rawFrame: 'Raw frame',
  fields: 'Parsed fields',
  choose: 'Choose a device to see its frames.',
};

export default debug;
