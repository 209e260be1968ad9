import { defineBrand } from './types.ts';

export default defineBrand({
  id: 'smartcity',
  name: 'Waymark Smart City',
  fullName: 'Waymark Smart City Operations',
  brandName: 'Smart City',
  brandNameInCertificate: 'SMART CITY VLTD',
  trackerName: 'Smart City Tracker',
  address: 'Integrated Command and Control Centre, Civic Centre, Bhopal, Madhya Pradesh 462001',
  email: 'iccc@smartcity.waymark.in',
  phone: '+91 755 400 0000',
  logoNameInCertificate: 'smartcity',
  loginPageText: {
    en: {
      headline: 'City fleets, wards and collection in one view',
      lines: [
        'Track waste collection vehicles ward by ward',
        'Door-to-door collection and route violations',
        'Daily run summaries for every circle',
      ],
    },
    hi: {
      headline: 'शहर के बेड़े, वार्ड और संग्रह एक ही दृश्य में',
      lines: ['वार्ड-दर-वार्ड कचरा संग्रह वाहनों को ट्रैक करें', 'घर-घर संग्रह और मार्ग उल्लंघन', 'हर सर्कल का दैनिक संचालन सारांश'],
    },
  },
  palette: { primary: '#047857', secondary: '#0ea5e9', panel: '#064e3b' },
  logoLetter: 'S',
  warrantyBrandNames: ['Smart City'],
  defaultCustomerPassword: 'City@1400',
  bank: {
    beneficiary: 'Waymark Smart City Services',
    accountNumber: '50200031401400',
    ifsc: 'ICIC0001400',
    branchName: 'New Town, Kolkata',
    upiId: 'waymark.city@icici',
  },
});
