import { defineBrand } from './types.ts';

export default defineBrand({
  id: 'devicemaker',
  name: 'Waymark Device Maker',
  fullName: 'Waymark for Device Makers',
  brandName: 'TrackMaker',
  brandNameInCertificate: 'TRACKMAKER AIS-140',
  trackerName: 'TrackMaker TM-140',
  address: 'TrackMaker Devices Pvt Ltd, Plot 22, MIDC Bhosari, Pune, Maharashtra 411026',
  email: 'care@trackmaker.in',
  phone: '+91 20 4000 2222',
  logoNameInCertificate: 'trackmaker',
  loginPageText: {
    en: {
      headline: 'From the factory floor to a fitted vehicle',
      lines: [
        'Allocate devices to distributors and dealers',
        'Approve SIM activations and firmware updates',
        'Every fitment certified against AIS-140',
      ],
    },
    hi: {
      headline: 'कारखाने से लगे हुए वाहन तक',
      lines: [
        'डिवाइस वितरकों और डीलरों को आवंटित करें',
        'सिम सक्रियण और फ़र्मवेयर अपडेट स्वीकृत करें',
        'हर फ़िटमेंट AIS-140 के अनुसार प्रमाणित',
      ],
    },
  },
  palette: { primary: '#b91c1c', secondary: '#1f2937', panel: '#7f1d1d' },
  logoLetter: 'T',
  warrantyBrandNames: ['TrackMaker', 'TrackMaker TM-140'],
  defaultCustomerPassword: 'Track@1400',
  bank: {
    beneficiary: 'Waymark Devices Pvt Ltd',
    accountNumber: '50200031400400',
    ifsc: 'SBIN0001400',
    branchName: 'Park Street, Kolkata',
    upiId: 'waymark.devices@sbi',
  },
});
