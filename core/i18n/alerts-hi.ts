/** अलर्ट नियमों के पाठ (issue 26): alerts-en.ts की हर कुंजी हिंदी में. */
const alerts = {
  scopes: { ALL: 'सभी वाहन', GROUP: 'एक समूह', VEHICLES: 'चुने हुए वाहन' },
  languages: { en: 'अंग्रेज़ी', hi: 'हिंदी' },
  channels: { email: 'ई-मेल', sms: 'SMS', webhook: 'वेबहुक', push: 'ब्राउज़र सूचना', console: 'कंसोल घंटी' },
  messages: {
    badId: 'हर प्रविष्टि एक आईडी होनी चाहिए',
    channelsRequired: 'कम से कम एक चैनल चुनें',
    badChannel: 'चैनल इनमें से एक है: email, sms, webhook, push, console',
    badUrl: 'http:// या https:// से शुरू होने वाला वेब पता लिखें',
    badTime: 'समय HH:MM (24 घंटे) में लिखें',
    offlineMinutesRequired: 'डिवाइस ऑफ़लाइन के लिए मिनट बताएं',
    walletBelowRequired: 'वॉलेट कम के लिए राशि बताएं',
    groupRequired: 'समूह चुनें',
    vehiclesRequired: 'कम से कम एक वाहन चुनें',
    vehicleNotFound: 'चुना गया एक वाहन नियम के संगठन या उसके नीचे के किसी संगठन का नहीं है',
    userNotFound: 'चुना गया एक उपयोगकर्ता नियम के संगठन या उसके नीचे के किसी संगठन का नहीं है',
    webhookUrlRequired: 'वेबहुक चैनल के लिए उसका URL चाहिए',
    quietHoursBoth: 'शांत समय के लिए शुरुआत और अंत दोनों चाहिए',
    noRecipients: 'कम से कम एक उपयोगकर्ता या संपर्क बताएं, या केवल वेबहुक चैनल रखें',
    notificationNotFound: 'वह सूचना नहीं मिली',
  },
  bell: {
    title: 'सूचनाएं',
    unread: '%{count} अपठित',
    empty: 'अभी कोई सूचना नहीं',
    markRead: 'पढ़ा हुआ करें',
    markAllRead: 'सभी पढ़े हुए करें',
    openVehicle: 'वाहन खोलें',
  },
  template: {
    place: '%{place} पर',
    noPlace: 'स्थान अज्ञात',
    smsText: 'Waymark: %{event} - %{vehicle} %{place}, %{time} भारतीय समय. %{link}',
    subject: '%{event}: %{vehicle}',
    emailBody:
      '%{vehicle} के लिए %{event}.\n\nकहां: %{place}\nकब: %{time} (IST)\nनियम: %{rule}\n%{detail}\nवाहन देखें: %{link}',
    consoleTitle: '%{event}: %{vehicle}',
    consoleBody: '%{place}, %{time} IST',
    detailSpeed: 'गति: %{speed} किमी/घंटा',
    detailOffline: '%{minutes} मिनट से कोई डेटा नहीं',
    detailWallet: 'वॉलेट शेष: ₹%{balance}',
    wallet: 'संगठन का वॉलेट',
  },
};

export default alerts;
