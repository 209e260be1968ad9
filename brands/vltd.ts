import { defineBrand } from './types.ts';

export default defineBrand({
  id: 'vltd',
  name: 'Waymark VLTD',
  fullName: 'Waymark Vehicle Location Tracking',
  brandName: 'Waymark',
  brandNameInCertificate: 'WAYMARK VLTD',
  trackerName: 'Waymark AIS-140 VLTD',
  address: 'Waymark Telematics Pvt Ltd, 4th Floor, Salt Lake Sector V, Kolkata, West Bengal 700091',
  email: 'support@waymark.in',
  phone: '+91 33 4000 1400',
  logoNameInCertificate: 'waymark-vltd',
  loginPageText: {
    en: {
      headline: 'AIS-140 tracking, fitment and certificates in one console',
      lines: [
        'Watch every vehicle live and replay its routes',
        'Record fitments and issue certificates on the spot',
        'Order SIM activations and manage your devices',
      ],
    },
    hi: {
      headline: 'AIS-140 ट्रैकिंग, फ़िटमेंट और प्रमाणपत्र एक ही कंसोल में',
      lines: [
        'हर वाहन को लाइव देखें और उसके मार्ग दोबारा चलाएँ',
        'फ़िटमेंट दर्ज करें और मौके पर प्रमाणपत्र जारी करें',
        'सिम सक्रियण मँगाएँ और अपने डिवाइस प्रबंधित करें',
      ],
    },
  },
  palette: { primary: '#0b5cad', secondary: '#f59e0b', panel: '#0a3d73' },
  logoLetter: 'W',
  warrantyBrandNames: ['Waymark', 'Waymark VLTD'],
  defaultCustomerPassword: 'Customer@140',
  bank: {
    beneficiary: 'Waymark Telematics Pvt Ltd',
    accountNumber: '50200031400140',
    ifsc: 'HDFC0000140',
    branchName: 'Salt Lake Sector V, Kolkata',
    upiId: 'waymark@hdfcbank',
  },
});
