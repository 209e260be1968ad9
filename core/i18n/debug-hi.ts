import type debugEn from './debug-en.ts';

/** Debug page strings in Hindi; typed against the English keys. */
const debug: typeof debugEn = {
  imeiPattern: 'डिवाइस का 15 अंकों का IMEI लिखें',
  intro:
    'किसी ट्रैकर को उसके IMEI से 24 घंटे के लिए जोड़ें और उसके फ़्रेम आते देखें, नए पहले: इंस्टॉलर तुरंत जान सकता है कि वह सर्वर तक पहुँचता है या नहीं।',
  imei: 'IMEI',
  add: 'डिवाइस जोड़ें',
  devices: 'अस्थायी डिवाइस',
  none: 'अभी कोई अस्थायी डिवाइस नहीं। IMEI से एक जोड़ें।',
  expires: '%{time} को समाप्त',
  kept: 'हटाए जाने तक रखा गया',
  keep: 'रखें',
  remove: 'हटाएँ',
  lastFrame: 'अंतिम फ़्रेम %{time}',
  noFrameYet: 'अभी कोई फ़्रेम नहीं',
  frames: '%{imei} के फ़्रेम',
  waiting: 'फ़्रेम की प्रतीक्षा... ट्रैकर को इस सर्वर पर सेट करें, कुछ ही सेकंड में फ़्रेम यहाँ दिखेंगे।',
  live: 'हर 2 सेकंड में अपडेट',
  received: 'प्राप्त',
  kind: 'प्रकार',
  checksum: 'चेकसम',
  checksums: { valid: 'ठीक', invalid: 'विफल', absent: 'नहीं भेजा' },
  kinds: {
    login: 'लॉगिन',
    position: 'स्थिति',
    health: 'स्वास्थ्य',
    emergency: 'आपातकाल',
    heartbeat: 'हार्टबीट',
    'command-reply': 'कमांड उत्तर',
    unreadable: 'पढ़ने योग्य नहीं',
  },
  error: 'त्रुटि',
  rawFrame: 'मूल फ़्रेम',
  fields: 'पार्स किए गए फ़ील्ड',
  choose: 'फ़्रेम देखने के लिए कोई डिवाइस चुनें।',
};

export default debug;
