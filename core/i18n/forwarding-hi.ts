/** स्थिति अग्रेषण के पाठ (docs/forwarding.md): गंतव्यों के प्रकार और स्थितियाँ, और सर्वर के संदेश। */
const forwarding = {
  kinds: { MQTT: 'MQTT ब्रोकर', HTTP: 'HTTP (बैच में JSON)', AIS140: 'AIS-140 सर्वर (TCP)' },
  states: {
    IDLE: 'अद्यतन',
    SENDING: 'भेजा जा रहा है',
    CATCHING_UP: 'बकाया भेजा जा रहा है',
    DOWN: 'बंद, फिर से प्रयास',
    PAUSED: 'रुका हुआ',
  },
  addressPattern: 'mqtt://broker:1883, https://example.com/positions या tcp://vlts.example.in:5000 जैसा पता लिखें',
  addressKind: 'MQTT गंतव्य के लिए mqtt:// या mqtts:// पता चाहिए',
  addressKindHttp: 'HTTP गंतव्य के लिए http:// या https:// पता चाहिए',
  addressKindTcp: 'AIS-140 गंतव्य के लिए tcp://host:port पता चाहिए',
  addressRefused: 'यह पता निजी, लूपबैक या लिंक-लोकल नेटवर्क पर है, जहाँ Waymark नहीं जा सकता',
  addressPort: 'पते में पोर्ट होना चाहिए',
  lagTitle: 'अग्रेषण में देरी',
  secret: {
    intro:
      'प्राप्तकर्ता हर बैच का webhook-signature हेडर इसी सीक्रेट से जाँचता है (Standard Webhooks)। इसे पासवर्ड की तरह संभाल कर रखें।',
  },
};

export default forwarding;
