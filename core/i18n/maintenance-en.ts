/** Expiry reminders and maintenance schedules (server/reminders/, docs/notifications.md). */
export default {
  kinds: { DISTANCE: 'Kilometres', ENGINE_HOURS: 'Engine hours', DATE: 'Days' },
  states: { OK: 'Not due', DUE: 'Due' },
  required: {
    DISTANCE: 'Give the kilometres between services, a whole number',
    ENGINE_HOURS: 'Give the engine hours between services, a whole number',
    DATE: 'Give the days between services, a whole number',
  },
  done: 'Service recorded for %{name}: the next period starts now',
  doneConfirmTitle: 'Record the service?',
  doneConfirm: 'Record "%{name}" as done today? Its next period starts now.',
  doneLabel: 'Done',
  expiry: {
    subject: 'Your %{brand} subscription for %{registration} ends on %{date}',
    body: 'Hello %{name}, the tracking subscription of vehicle %{registration} (device %{imei}) ends on %{date}, in %{days} day(s). Renew it at %{link} with the registration number and the IMEI.',
  },
  dealerList: {
    subject: '%{count} subscription(s) ending in the next 30 days',
    intro:
      'These fitments of %{organisation} end in the next 30 days. Customers get a renewal link 30, 7 and 1 day(s) before; renewals are made at %{link}.',
    line: '%{registration} · IMEI %{imei} · %{customer} %{phone} · ends %{date}',
  },
};
