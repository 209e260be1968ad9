/** Strings of position forwarding (docs/forwarding.md): the destinations' kinds and states, and the server's messages. */
const forwarding = {
  kinds: { MQTT: 'MQTT broker', HTTP: 'HTTP (batched JSON)', AIS140: 'AIS-140 server (TCP)' },
  states: {
    IDLE: 'Up to date',
    SENDING: 'Sending',
    CATCHING_UP: 'Catching up',
    DOWN: 'Down, retrying',
    PAUSED: 'Paused',
  },
  addressPattern:
    'Type an address such as mqtt://broker:1883, https://example.com/positions or tcp://vlts.example.in:5000',
  addressKind: 'An MQTT destination takes an mqtt:// or mqtts:// address',
  addressKindHttp: 'An HTTP destination takes an http:// or https:// address',
  addressKindTcp: 'An AIS-140 destination takes a tcp://host:port address',
  addressRefused: 'This address is on a private, loopback or link-local network Waymark may not reach',
  addressPort: 'The address needs a port',
  lagTitle: 'Forwarding lag',
  secret: {
    intro:
      'The receiver checks the webhook-signature header of every batch with this secret (Standard Webhooks). Keep it as you would a password.',
  },
};

export default forwarding;
