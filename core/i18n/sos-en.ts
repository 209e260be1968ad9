/** Strings of the SOS banner, its acknowledgement, the escalation messages and the SOS API's answers. */
const sos = {
  banner: {
    label: 'Open SOS alerts',
    title: 'SOS: %{vehicle}',
    detail: 'Pressed at %{time} · %{place}',
    noPlace: 'place unknown',
    escalated: 'escalated to level %{level}',
    released: 'button released',
    acknowledge: 'Acknowledge',
    more: '%{smart_count} more open SOS |||| %{smart_count} more open SOS',
    map: 'Open the map',
  },
  acknowledge: {
    title: 'Acknowledge the SOS of %{vehicle}',
    note: 'Note',
    noteHelp: 'What was done: who was called, what they said',
    cancel: 'Cancel',
    confirm: 'Acknowledge',
  },
  message: {
    subject: 'SOS not acknowledged: %{vehicle}',
    body: 'SOS from %{vehicle} at %{time} (IST), place %{place}, has not been acknowledged (escalation level %{level}). Acknowledge it in Waymark: %{link}',
    noPlace: 'unknown',
  },
  api: {
    noteRequired: 'Write a note of what was done (at most %{max} characters)',
    acknowledged: 'SOS acknowledged',
    alreadyAcknowledged: 'Someone has already acknowledged this SOS',
    contactsInvalid: 'At most %{max} escalation contacts, each an e-mail address, a mobile number or a user id',
    contactUnknown: '"%{contact}" is not an e-mail address, a mobile number or a user of this organisation',
  },
};

export default sos;
