import type { deliveries as enDeliveries, push as enPush } from './notify-en.ts';

/** notify-en.ts in Hindi. */
export const deliveries: typeof enDeliveries = {
  fields: {
    createdAt: 'कतार में लगा',
    channel: 'माध्यम',
    recipient: 'किसे',
    subject: 'विषय',
    body: 'संदेश',
    status: 'स्थिति',
    attempts: 'प्रयास',
    nextAttemptAt: 'अगला प्रयास',
    sentAt: 'भेजा गया',
    answer: 'प्रदाता का उत्तर',
  },
  channels: { email: 'ई-मेल', sms: 'एसएमएस', webhook: 'वेबहुक', push: 'वेब पुश' },
  statuses: {
    queued: 'कतार में',
    sent: 'भेजा गया',
    logged: 'नहीं भेजा गया: कोई प्रदाता कॉन्फ़िगर नहीं, लॉग में लिखा गया',
    dead: 'विफल',
  },
  empty: 'लागू फ़िल्टर के लिए कोई संदेश नहीं...',
  retry: 'अभी फिर भेजें',
  retryIntro: '"%{subject}" को %{recipient} पर अभी फिर से भेजें? इसके प्रयास फिर से शुरू होंगे।',
  notRetryableHint: 'केवल कतार में लगा या विफल संदेश फिर भेजा जा सकता है।',
  retried: 'संदेश फिर से कतार में है; यह कुछ ही क्षण में भेजा जाएगा।',
  notRetryable: 'केवल कतार में लगा या विफल संदेश फिर भेजा जा सकता है; यह %{status} है।',
};

export const push: typeof enPush = {
  title: 'इस ब्राउज़र में सूचनाएँ',
  intro: 'Waymark पीछे के टैब में होने पर भी अलर्ट इस कंप्यूटर या फ़ोन पर दिखते हैं।',
  turnOn: 'सूचनाएँ चालू करें',
  turnOff: 'सूचनाएँ बंद करें',
  on: 'इस ब्राउज़र में सूचनाएँ चालू हैं।',
  off: 'इस ब्राउज़र में सूचनाएँ बंद हैं।',
  turnedOn: 'इस ब्राउज़र के लिए सूचनाएँ चालू की गईं।',
  turnedOff: 'इस ब्राउज़र के लिए सूचनाएँ बंद की गईं।',
  unsupported: 'यह ब्राउज़र Waymark की सूचनाएँ नहीं दिखा सकता।',
  denied: 'यह ब्राउज़र Waymark की सूचनाएँ रोकता है। साइट सेटिंग में इन्हें अनुमति दें, फिर से प्रयास करें।',
  failed: 'सूचनाएँ चालू नहीं हो सकीं: %{reason}',
  endpointInvalid: 'सदस्यता में ब्राउज़र द्वारा दिया गया वेब पता (http या https) चाहिए।',
  keysInvalid: 'सदस्यता में ब्राउज़र द्वारा दी गई p256dh और auth कुंजियाँ चाहिए।',
  notFound: 'इस ब्राउज़र की हटाने के लिए कोई सदस्यता नहीं है।',
};
