/** Hindi for the react-admin strings the console shows; anything not listed falls back to English. */
const raHi: Record<string, Record<string, string>> = {
  action: {
    add_filter: 'फ़िल्टर जोड़ें', add: 'जोड़ें', back: 'वापस', bulk_actions: '%{smart_count} चयनित', cancel: 'रद्द करें',
    clear_array_input: 'सूची साफ़ करें', clear_input_value: 'मान साफ़ करें', clone: 'प्रतिलिपि', confirm: 'पुष्टि करें',
    create: 'बनाएँ', create_item: '%{item} बनाएँ', delete: 'हटाएँ', edit: 'संपादित करें', export: 'निर्यात',
    list: 'सूची', refresh: 'रीफ़्रेश करें', remove_filter: 'यह फ़िल्टर हटाएँ', remove_all_filters: 'सभी फ़िल्टर हटाएँ',
    remove: 'हटाएँ', save: 'सहेजें', search: 'खोजें', select_all: 'सभी चुनें', select_row: 'यह पंक्ति चुनें',
    show: 'देखें', sort: 'क्रमबद्ध करें', undo: 'पूर्ववत करें', unselect: 'चयन हटाएँ', expand: 'विस्तार करें',
    close: 'बंद करें', open_menu: 'मेनू खोलें', close_menu: 'मेनू बंद करें', update: 'अद्यतन करें',
    move_up: 'ऊपर ले जाएँ', move_down: 'नीचे ले जाएँ', open: 'खोलें', toggle_theme: 'थीम बदलें',
    select_columns: 'कॉलम', update_application: 'एप्लिकेशन पुनः लोड करें', clear_search: 'खोज साफ़ करें',
  },
  boolean: { true: 'हाँ', false: 'नहीं', null: ' ' },
  page: {
    create: '%{name} बनाएँ', dashboard: 'डैशबोर्ड', edit: '%{name} %{recordRepresentation}', error: 'कुछ गलत हो गया',
    list: '%{name}', loading: 'लोड हो रहा है', not_found: 'नहीं मिला', show: '%{name} %{recordRepresentation}',
    empty: 'अभी कोई %{name} नहीं है।', invite: 'क्या आप एक जोड़ना चाहेंगे?', access_denied: 'पहुँच अस्वीकृत',
    authentication_error: 'प्रमाणीकरण त्रुटि',
  },
  input: {
    password: { toggle_visible: 'पासवर्ड छिपाएँ', toggle_hidden: 'पासवर्ड दिखाएँ' },
  } as unknown as Record<string, string>,
  message: {
    about: 'के बारे में', are_you_sure: 'क्या आप निश्चित हैं?', auth_error: 'प्रमाणीकरण टोकन जाँचते समय त्रुटि हुई।',
    bulk_delete_content: 'क्या आप इस %{name} को हटाना चाहते हैं? |||| क्या आप इन %{smart_count} आइटम को हटाना चाहते हैं?',
    bulk_delete_title: '%{name} हटाएँ |||| %{smart_count} %{name} हटाएँ', delete_content: 'क्या आप इस आइटम को हटाना चाहते हैं?',
    delete_title: '%{name} #%{id} हटाएँ', details: 'विवरण', error: 'क्लाइंट त्रुटि हुई और आपका अनुरोध पूरा नहीं हो सका।',
    invalid_form: 'फ़ॉर्म मान्य नहीं है। कृपया त्रुटियाँ जाँचें', loading: 'कृपया प्रतीक्षा करें', no: 'नहीं',
    not_found: 'आपने गलत URL लिखा या गलत लिंक का अनुसरण किया।', yes: 'हाँ',
    unsaved_changes: 'आपके कुछ बदलाव सहेजे नहीं गए। क्या आप उन्हें छोड़ना चाहते हैं?', access_denied: 'आपको इस पेज तक पहुँचने की अनुमति नहीं है',
  },
  navigation: {
    no_results: 'कोई परिणाम नहीं मिला', no_more_results: 'पेज संख्या %{page} सीमा से बाहर है। पिछला पेज आज़माएँ।',
    page_out_of_boundaries: 'पेज संख्या %{page} सीमा से बाहर', page_out_from_end: 'अंतिम पेज के बाद नहीं जा सकते',
    page_out_from_begin: 'पेज 1 से पहले नहीं जा सकते', page_range_info: '%{offsetBegin}-%{offsetEnd} / %{total}',
    partial_page_range_info: '%{offsetBegin}-%{offsetEnd} / %{offsetEnd} से अधिक', current_page: 'पेज %{page}',
    page: 'पेज %{page} पर जाएँ', first: 'पहले पेज पर जाएँ', last: 'अंतिम पेज पर जाएँ', next: 'अगले पेज पर जाएँ',
    previous: 'पिछले पेज पर जाएँ', page_rows_per_page: 'प्रति पेज पंक्तियाँ:', skip_nav: 'सामग्री पर जाएँ',
  },
  sort: { sort_by: '%{field_lower_first} %{order} के अनुसार क्रमबद्ध करें', ASC: 'आरोही', DESC: 'अवरोही' },
  auth: {
    auth_check_error: 'जारी रखने के लिए कृपया लॉग इन करें', user_menu: 'प्रोफ़ाइल', username: 'उपयोगकर्ता नाम',
    password: 'पासवर्ड', sign_in: 'साइन इन करें', sign_in_error: 'प्रमाणीकरण विफल, कृपया पुनः प्रयास करें', logout: 'लॉग आउट',
  },
  notification: {
    updated: 'तत्व अद्यतन किया गया |||| %{smart_count} तत्व अद्यतन किए गए', created: 'तत्व बनाया गया',
    deleted: 'तत्व हटाया गया |||| %{smart_count} तत्व हटाए गए', bad_item: 'गलत तत्व', item_doesnt_exist: 'तत्व मौजूद नहीं है',
    http_error: 'सर्वर संचार त्रुटि', data_provider_error: 'डेटा प्रदाता त्रुटि। विवरण के लिए कंसोल देखें।',
    i18n_error: 'चुनी गई भाषा के अनुवाद लोड नहीं हो सके', canceled: 'कार्य रद्द किया गया',
    logged_out: 'आपका सत्र समाप्त हो गया है, कृपया फिर से कनेक्ट करें।', not_authorized: 'आपको इस संसाधन तक पहुँचने की अनुमति नहीं है।',
    application_update_available: 'नया संस्करण उपलब्ध है।',
  },
  validation: {
    required: 'आवश्यक', minLength: 'कम से कम %{min} अक्षर होने चाहिए', maxLength: '%{max} या कम अक्षर होने चाहिए',
    minValue: 'कम से कम %{min} होना चाहिए', maxValue: '%{max} या कम होना चाहिए', number: 'संख्या होनी चाहिए',
    email: 'मान्य ईमेल होना चाहिए', oneOf: 'इनमें से एक होना चाहिए: %{options}', regex: 'विशिष्ट प्रारूप से मेल खाना चाहिए (regexp): %{pattern}',
    unique: 'अद्वितीय होना चाहिए',
  },
};

export default raHi;
