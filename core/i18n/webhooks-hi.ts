import type enWebhooks from './webhooks-en.ts';

/** बदलाव वेबहुक के पाठ (issue 29, docs/webhooks.md): घटनाओं के प्रकार, सर्वर के संदेश, सीक्रेट के संवाद। */
const webhooks: typeof enWebhooks = {
  events: {
    'fitment.recorded': 'फिटमेंट दर्ज हुआ',
    'fitment.activated': 'फिटमेंट सक्रिय हुआ',
    'fitment.expiring': 'सदस्यता समाप्त होने वाली है',
    'device.created': 'डिवाइस बनाया गया',
    'device.moved': 'डिवाइस दूसरे संगठन में गया',
    'device.deleted': 'डिवाइस हटाया गया',
    'vehicle.linked': 'डिवाइस वाहन से जुड़ा',
    'wallet.movement': 'वॉलेट लेन-देन',
    'renewal.paid': 'नवीनीकरण का भुगतान हुआ',
  },
  messages: {
    badUrl: 'http:// या https:// से शुरू होने वाला वेब पता लिखें',
    credentialsInUrl: 'पते में उपयोगकर्ता नाम और पासवर्ड न लिखें',
    urlRefused: 'यह पता किसी निजी, लूपबैक या लिंक-लोकल नेटवर्क पर है, जहाँ Waymark नहीं पहुँच सकता',
    eventsRequired: 'कम से कम एक घटना चुनें',
    badEvent: 'घटना सूची के बदलाव प्रकारों में से एक होनी चाहिए',
  },
  reveal: 'हस्ताक्षर सीक्रेट देखें',
  secretTitle: 'हस्ताक्षर सीक्रेट',
  secretCreated:
    'हस्ताक्षर सीक्रेट अभी कॉपी करें: यह केवल इसी बार दिखाया जाता है। आपका रिसीवर हर संदेश की जाँच इससे करता है (Standard Webhooks)।',
  secretRevealed: 'आपका रिसीवर हर संदेश की जाँच इस सीक्रेट से करता है (Standard Webhooks)।',
  copy: 'कॉपी करें',
  copied: 'कॉपी हो गया',
  done: 'हो गया',
  deliveryBody: '%{event}: %{id}',
};

export default webhooks;
