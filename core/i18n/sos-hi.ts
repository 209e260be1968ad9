/** SOS बैनर, उसकी स्वीकृति, एस्केलेशन संदेश और SOS API के उत्तर। */
const sos = {
  banner: {
    label: 'खुले SOS अलर्ट',
    title: 'आपातकाल (SOS): %{vehicle}',
    detail: '%{time} पर दबाया गया · %{place}',
    noPlace: 'स्थान अज्ञात',
    escalated: 'स्तर %{level} तक एस्केलेट किया गया',
    released: 'बटन छोड़ा गया',
    acknowledge: 'स्वीकार करें',
    more: '%{smart_count} और खुला SOS |||| %{smart_count} और खुले SOS',
    map: 'नक्शा खोलें',
  },
  acknowledge: {
    title: '%{vehicle} का SOS स्वीकार करें',
    note: 'टिप्पणी',
    noteHelp: 'क्या किया गया: किसे फ़ोन किया, उन्होंने क्या कहा',
    cancel: 'रद्द करें',
    confirm: 'स्वीकार करें',
  },
  message: {
    subject: 'SOS स्वीकार नहीं किया गया: %{vehicle}',
    body: '%{vehicle} से %{time} (IST) पर SOS, स्थान %{place}, अभी तक स्वीकार नहीं किया गया (एस्केलेशन स्तर %{level})। Waymark में स्वीकार करें: %{link}',
    noPlace: 'अज्ञात',
  },
  api: {
    noteRequired: 'क्या किया गया, इसकी टिप्पणी लिखें (अधिकतम %{max} अक्षर)',
    acknowledged: 'SOS स्वीकार किया गया',
    alreadyAcknowledged: 'यह SOS पहले ही किसी ने स्वीकार कर लिया है',
    contactsInvalid: 'अधिकतम %{max} एस्केलेशन संपर्क, हर एक ई-मेल पता, मोबाइल नंबर या उपयोगकर्ता आईडी',
    contactUnknown: '"%{contact}" न ई-मेल पता है, न मोबाइल नंबर, न इस संगठन का उपयोगकर्ता',
  },
};

export default sos;
