import type dashboardEn from './dashboard-en.ts';

/** डैशबोर्ड के शब्द (custom-pages/dashboard)। */
const dashboard: typeof dashboardEn = {
  subtitles: {
    dashboard: 'आपका बेड़ा अभी और आज; हर आँकड़ा अपनी सूची या रिपोर्ट खोलता है',
    v2: 'एक अवधि में दूरी, उपयोग और अलर्ट',
    fleet: 'एक अवधि में ऑफ़लाइन वाहन, उपयोग और फिटमेंट',
  },
  cards: {
    vehicles: 'स्थिति के अनुसार वाहन',
    today: 'आज',
    distanceToday: 'आज की दूरी',
    runningToday: 'आज चलने का समय',
    alertsToday: 'आज के अलर्ट',
    reportingToday: 'आज रिपोर्ट करने वाले वाहन',
    devices: 'स्थिति के अनुसार डिवाइस',
    fitments: 'फिटमेंट',
    stock: 'स्टॉक आइटम (इकाइयाँ)',
    topVehicles: 'आज सबसे अधिक दूरी',
  },
  deviceStatuses: { NEW: 'नया', ALLOCATED: 'आवंटित', INSTALLED: 'लगाया गया', DEFECTED: 'खराब', total: 'सभी डिवाइस' },
  itemStatuses: { IN_STOCK: 'स्टॉक में', ISSUED: 'जारी', RETURNED: 'लौटाया गया', total: 'सभी आइटम' },
  fitmentPeriods: { today: 'आज लगाए गए', thisMonth: 'इस महीने', total: 'सभी फिटमेंट' },
  columns: { vehicle: 'वाहन', distance: 'दूरी', running: 'चलने का समय', maxSpeed: 'अधिकतम गति' },
  noTrips: 'आज अभी तक कोई वाहन नहीं चला।',
  noAlerts: 'इस अवधि में कोई अलर्ट नहीं।',
  km: '%{value} कि.मी.',
  kmh: '%{value} कि.मी./घं.',
  percent: '%{value} %',
  period: 'अवधि',
  presets: { today: 'आज', yesterday: 'कल', thisWeek: 'इस सप्ताह', lastWeek: 'पिछले सप्ताह', thisMonth: 'इस महीने', lastMonth: 'पिछले महीने', custom: 'कस्टम' },
  from: 'से (dd/MM/yyyy)',
  to: 'तक (dd/MM/yyyy)',
  show: 'दिखाएँ',
  badDates: 'दोनों दिन dd/MM/yyyy में लिखें, पहला दूसरे से पहले या उसी दिन',
  charts: {
    distance: 'प्रति दिन दूरी (कि.मी.)',
    utilisation: 'प्रति दिन उपयोग (%)',
    alerts: 'प्रकार के अनुसार अलर्ट',
    offline: 'प्रति दिन ऑफ़लाइन वाहन',
    fitments: 'प्रति दिन फिटमेंट',
    vehicles: 'वाहन',
    fleetSize: 'डिवाइस वाले %{count} वाहन',
  },
  openReport: 'रिपोर्ट खोलें',
  live: 'लाइव अपडेट',
  updated: '%{time} पर अपडेट',
  loadFailed: 'आँकड़े लोड नहीं हो सके: %{message}',
  retry: 'फिर से कोशिश करें',
};

export default dashboard;
