/** Strings of the alert rules (issue 26): the rule form's choices and messages, the bell, and the alerts' templates per channel. */
const alerts = {
  scopes: { ALL: 'All vehicles', GROUP: 'A group', VEHICLES: 'Chosen vehicles' },
  languages: { en: 'English', hi: 'Hindi' },
  channels: { email: 'E-mail', sms: 'SMS', webhook: 'Webhook', push: 'Browser notification', console: 'Console bell' },
  messages: {
    badId: 'Each entry must be an id',
    channelsRequired: 'Choose at least one channel',
    badChannel: 'A channel is one of email, sms, webhook, push, console',
    badUrl: 'Type a web address beginning with http:// or https://',
    badTime: 'Type the time as HH:MM (24 hours)',
    offlineMinutesRequired: 'Device offline needs its minutes',
    walletBelowRequired: 'Wallet low needs its amount',
    groupRequired: 'Choose the group',
    vehiclesRequired: 'Choose at least one vehicle',
    vehicleNotFound: "A chosen vehicle is not of the rule's organisation or one below it",
    userNotFound: "A chosen user is not of the rule's organisation or one below it",
    webhookUrlRequired: 'The webhook channel needs its URL',
    quietHoursBoth: 'Quiet hours need both a start and an end',
    noRecipients: 'Name at least one user or contact, or use only the webhook channel',
    notificationNotFound: 'That notification was not found',
  },
  bell: {
    title: 'Notifications',
    unread: '%{count} unread',
    empty: 'No notifications yet',
    markRead: 'Mark read',
    markAllRead: 'Mark all read',
    openVehicle: 'Open the vehicle',
  },
  template: {
    place: 'at %{place}',
    noPlace: 'position unknown',
    smsText: 'Waymark: %{event} - %{vehicle} %{place}, %{time} IST. %{link}',
    subject: '%{event}: %{vehicle}',
    emailBody:
      '%{event} for %{vehicle}.\n\nWhere: %{place}\nWhen: %{time} (IST)\nRule: %{rule}\n%{detail}\nSee the vehicle: %{link}',
    consoleTitle: '%{event}: %{vehicle}',
    consoleBody: '%{place}, %{time} IST',
    detailSpeed: 'Speed: %{speed} km/h',
    detailOffline: 'No data for %{minutes} minutes',
    detailWallet: 'Wallet balance: ₹%{balance}',
    wallet: 'the organisation wallet',
  },
};

export default alerts;
