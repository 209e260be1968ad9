import { defineBrand } from './types.ts';

export default defineBrand({
  id: 'demo',
  name: 'Waymark Demo',
  fullName: 'Waymark Demo Console',
  brandName: 'Waymark Demo',
  brandNameInCertificate: 'WAYMARK DEMO',
  trackerName: 'Demo Tracker',
  address: 'Waymark Demo, 12 MG Road, Bengaluru, Karnataka 560001',
  email: 'demo@waymark.in',
  phone: '+91 80 4000 0000',
  logoNameInCertificate: 'waymark-demo',
  loginPageText: {
    en: {
      headline: 'Try Waymark with sample fleets',
      lines: ['Sample organisations, users and vehicles', 'Every role to sign in as', 'Nothing here is real data'],
    },
    hi: {
      headline: 'नमूना बेड़ों के साथ Waymark आज़माएँ',
      lines: ['नमूना संगठन, उपयोगकर्ता और वाहन', 'हर भूमिका से साइन इन करें', 'यहाँ कुछ भी असली डेटा नहीं है'],
    },
  },
  palette: { primary: '#6d28d9', secondary: '#10b981', panel: '#4c1d95' },
  logoLetter: 'D',
  warrantyBrandNames: ['Waymark Demo'],
  defaultCustomerPassword: 'Demo@1234',
  bank: {
    beneficiary: 'Waymark Demo Account',
    accountNumber: '000000000000',
    ifsc: 'HDFC0000001',
    branchName: 'Demo Branch, Kolkata',
    upiId: 'waymark.demo@hdfcbank',
  },
});
