/** समाप्ति अनुस्मारक और रखरखाव अनुसूचियाँ (server/reminders/, docs/notifications.md)। */
export default {
  kinds: { DISTANCE: 'किलोमीटर', ENGINE_HOURS: 'इंजन घंटे', DATE: 'दिन' },
  states: { OK: 'देय नहीं', DUE: 'देय' },
  required: {
    DISTANCE: 'सर्विसों के बीच किलोमीटर बताएं, एक पूर्ण संख्या',
    ENGINE_HOURS: 'सर्विसों के बीच इंजन घंटे बताएं, एक पूर्ण संख्या',
    DATE: 'सर्विसों के बीच दिन बताएं, एक पूर्ण संख्या',
  },
  done: '%{name} की सर्विस दर्ज की गई: अगली अवधि अभी से शुरू',
  doneConfirmTitle: 'सर्विस दर्ज करें?',
  doneConfirm: '"%{name}" को आज पूर्ण के रूप में दर्ज करें? इसकी अगली अवधि अभी से शुरू होगी।',
  doneLabel: 'पूर्ण',
  expiry: {
    subject: '%{registration} के लिए आपकी %{brand} सदस्यता %{date} को समाप्त होगी',
    body: 'नमस्ते %{name}, वाहन %{registration} (डिवाइस %{imei}) की ट्रैकिंग सदस्यता %{date} को, %{days} दिन में, समाप्त होगी। पंजीकरण संख्या और IMEI के साथ %{link} पर इसका नवीनीकरण करें।',
  },
  dealerList: {
    subject: 'अगले 30 दिनों में %{count} सदस्यता समाप्त हो रही हैं',
    intro:
      '%{organisation} के ये फ़िटमेंट अगले 30 दिनों में समाप्त होंगे। ग्राहकों को 30, 7 और 1 दिन पहले नवीनीकरण लिंक मिलता है; नवीनीकरण %{link} पर होता है।',
    line: '%{registration} · IMEI %{imei} · %{customer} %{phone} · समाप्ति %{date}',
  },
};
