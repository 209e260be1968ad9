/** Strings of the change webhooks (issue 29, docs/webhooks.md): the event types, the server's messages, the secret's dialogs. */
const webhooks = {
  events: {
    'fitment.recorded': 'Fitment recorded',
    'fitment.activated': 'Fitment activated',
    'fitment.expiring': 'Subscription expiring',
    'device.created': 'Device created',
    'device.moved': 'Device moved to another organisation',
    'device.deleted': 'Device deleted',
    'vehicle.linked': 'Device linked to a vehicle',
    'wallet.movement': 'Wallet movement',
    'renewal.paid': 'Renewal paid',
  },
  messages: {
    badUrl: 'Type a web address beginning with http:// or https://',
    credentialsInUrl: 'Leave the user name and password out of the address',
    urlRefused: 'This address is on a private, loopback or link-local network Waymark may not reach',
    eventsRequired: 'Choose at least one event',
    badEvent: 'An event is one of the listed change types',
  },
  reveal: 'Reveal the signing secret',
  secretTitle: 'Signing secret',
  secretCreated:
    'Copy the signing secret now: it is shown this once. Your receiver verifies each message with it (Standard Webhooks).',
  secretRevealed: 'Your receiver verifies each message with this secret (Standard Webhooks).',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  deliveryBody: '%{event}: %{id}',
};

export default webhooks;
