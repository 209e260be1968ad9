/**
 * Strings of the public certificate page, its PDF and the fitment list's certificate actions.
 * Warranty texts take %{brand} (the brand's warranty names), %{months}, %{standard} and %{jurisdiction}.
 */
const certificate = {
  title: 'VLTD Fitment Certificate',
  notFound: 'No certificate for this device',
  notFoundHint: 'No fitment is recorded for the device %{imei}. Check the IMEI printed on the device.',
  loadFailed: 'The certificate could not be loaded. Try again in a moment.',
  print: 'Print',
  download: 'Download',
  loadingDocument: 'Loading document...',
  qrAlt: 'QR code of this certificate page',
  scanToVerify: 'Scan to verify this certificate',
  certificateNo: 'Certificate for IMEI %{imei}',
  maskedNotice: 'Contact details are masked and KYC documents are hidden. Users of the issuing organisation see the full certificate after signing in.',
  kycHidden: 'KYC documents are shown only to signed-in users of the issuing organisation.',
  noImages: 'No images uploaded',
  imageAlt: '%{section} %{n}',
  corrected: 'corrected',
  sections: {
    vehicle: 'Vehicle Details', device: 'Device Details', vendor: 'Vendor Details', owner: 'Owner Details', fitter: 'Fitter Details',
    rcImages: 'RC Images', deviceImages: 'Device Images', kycImages: 'KYC Images',
  },
  fields: {
    registrationNumber: 'Registration Number', category: 'Category', rto: 'RTO', regDate: 'Registration Date',
    engineNo: 'Engine No', chassisNo: 'Chassis No', make: 'Make', model: 'Model',
    imei: 'IMEI', uid: 'UID', deviceModel: 'Device Model', tac: 'TAC No', panicButtonCount: 'Panic Buttons',
    sim1: 'SIM 1', sim2: 'SIM 2', iccid: 'ICCID', standard: 'Device Standard', fitmentDate: 'Fitment Date', validTill: 'Valid Till',
    brandName: 'Brand Name', tradeName: 'Trade Name', email: 'Email', contact: 'Contact', address: 'Address',
    name: 'Name', phone: 'Phone', kycDoc: '%{name} document', fitterFirstName: 'Fitter First Name', fitterLastName: 'Fitter Last Name',
  },
  disclaimer: 'Disclaimer: this certificate records that the vehicle location tracking device above was fitted to the vehicle above on the fitment date shown, and that the device conforms to %{standard}. It is issued on the details given by the vehicle owner and the fitter; the issuer is not responsible for errors in details supplied to it. Scan the QR code to verify this certificate against the live record.',
  warranty: {
    title: 'Warranty Certificate',
    customerCopy: "Customer's Copy",
    departmentCopy: "Department's Copy",
    headings: {
      terms: 'Terms and Warranty', claims: 'Claims', notCovered: 'What is not covered',
      conditions: 'Conditions', repairs: 'Repairs and services out of warranty',
    },
    terms: '%{brand} warrants this %{standard} vehicle location tracking device against defects in material and workmanship for %{months} months from the date of first purchase or installation, whichever is earlier. During this period a defective device or part is repaired or replaced free of charge.',
    claims: 'To claim under this warranty, contact the dealer or fitter who installed the device, or %{brand} at the address below, with this certificate and the device IMEI. The device is inspected at an authorised service centre; a claim is settled by repair or replacement at the discretion of %{brand}.',
    exclusions: {
      1: 'Damage from accident, fire, flood, lightning or other acts of nature.',
      2: 'Damage from tampering, opening the device or repair by anyone not authorised.',
      3: 'Damage from wrong wiring, a faulty vehicle electrical system or voltage beyond the rated range.',
      4: 'Physical damage, water ingress or a broken seal caused by misuse.',
      5: 'Loss or theft of the device.',
      6: 'SIM card, data plan and network coverage of the telecom operator.',
      7: 'Consumables and accessories: cables, connectors, fuses and panic button covers.',
      8: 'A device moved to another vehicle without an authorised technician.',
    },
    conditions: 'This warranty is valid only with this certificate and an unaltered device label and IMEI. A repaired or replaced device carries the remainder of the original warranty. Disputes are subject to the exclusive jurisdiction of the courts at %{jurisdiction}.',
    repairs: 'After the warranty ends, or for damage this warranty does not cover, repairs and services are available at authorised service centres at the charges then in force. Parts replaced out of warranty carry a warranty of 90 days.',
    companyAddress: 'Company Address',
    signature: 'Authorised Signatory',
    ownerSignature: 'Vehicle Owner',
  },
  actions: { view: 'View Certificate', download: 'Download Certificate' },
  pdf: { images: 'Images', page: 'Page %{page} of %{pages}', issuedBy: 'Issued by %{brand}' },
  edit: {
    button: 'Correct details',
    title: 'Correct the certificate',
    hint: 'Each change is recorded with your name and the time.',
    save: 'Save corrections',
    cancel: 'Cancel',
    saved: 'Certificate corrected',
    nothingChanged: 'Nothing was changed',
  },
};

export default certificate;
