import { CORRECTABLE_FIELDS } from '../../resources/certificate.ts';
import { certificateOf, type FitmentRow } from '../certificates/data.ts';
import { errors, obj, withExample, nullableText as text, instant } from './shared.ts';

/**
 * The OpenAPI answers and examples of a fitment's certificate (server/certificates/routes.ts): the
 * certificate itself (resources/certificate.ts CertificateData, answered bare, without an envelope),
 * public or full, and its corrections. The examples are what certificateOf makes of a sample fitment.
 */

const texts = { type: 'array', items: { type: 'string' } };
const correctedField = {
  type: 'string',
  enum: Object.entries(CORRECTABLE_FIELDS).flatMap(([part, fields]) => fields.map((field) => `${part}.${field}`)),
};

const person = {
  firstName: text,
  lastName: text,
  phone: { ...text, description: 'masked (98******10) in the public view' },
  email: { ...text, description: 'masked (ra****@example.in) in the public view' },
};
const personOf = (description: string) => ({ ...obj(person, Object.keys(person)), description });

const certificate = obj(
  {
    full: {
      type: 'boolean',
      description:
        "true for a signed-in caller with view-certificate on the fitment's organisation: contacts unmasked, the owner's address and KYC documents",
    },
    vehicle: obj(
      {
        registrationNumber: { type: 'string' },
        category: { type: 'string' },
        rto: text,
        regDate: { ...text, description: 'yyyy-MM-dd' },
        engineNo: text,
        chassisNo: text,
        make: text,
        model: text,
        rcImages: texts,
      },
      ['registrationNumber', 'category', 'rcImages'],
    ),
    device: obj(
      {
        imei: { type: 'string' },
        uid: text,
        model: text,
        tac: text,
        panicButtonCount: { type: ['integer', 'null'] },
        sim1: { ...text, description: 'masked (57*******00) in the public view' },
        sim2: text,
        iccid: text,
        deviceImages: texts,
      },
      ['imei', 'deviceImages'],
    ),
    fitment: obj(
      {
        date: instant,
        expiresOn: instant,
        durationInDays: { type: 'integer' },
        by: personOf('the fitter; phone and email are null in the public view'),
      },
      ['date', 'expiresOn', 'durationInDays', 'by'],
    ),
    vendor: obj(
      {
        brandName: { type: 'string' },
        tradeName: { type: 'string' },
        email: text,
        contact: text,
        address: obj(
          Object.fromEntries(['landmark', 'city', 'state', 'pin', 'country'].map((k) => [k, { type: 'string' }])),
        ),
      },
      ['brandName', 'tradeName', 'address'],
    ),
    owner: obj(
      {
        ...person,
        address: { ...text, description: 'null in the public view' },
        kycDocs: {
          type: 'array',
          description: 'empty in the public view',
          items: obj({ name: { type: 'string' }, link: { type: 'string' } }, ['name', 'link']),
        },
      },
      [...Object.keys(person), 'address', 'kycDocs'],
    ),
    corrected: { type: 'array', items: correctedField, description: 'the fields a correction changed' },
  },
  ['full', 'vehicle', 'device', 'fitment', 'vendor', 'owner', 'corrected'],
);

const SAMPLE_FITMENT: FitmentRow = {
  id: '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64',
  organisationId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  vehicle: {
    registrationNumber: 'UP32AB1234',
    category: 'Bus',
    rto: 'Lucknow',
    regDate: '2024-03-15',
    engineNo: 'EN4521987',
    chassisNo: 'MAT448123KLP56789',
    make: 'Tata',
    model: 'Starbus',
    rcImages: ['/api/file/image/rc-front-1a2b3c.jpg'],
  },
  device: { panicButtonCount: 2, deviceImages: ['/api/file/image/device-1a2b3c.jpg'] },
  customer: {
    firstName: 'Ravi',
    lastName: 'Kumar',
    phone: '+919812345678',
    email: 'ravi.kumar@example.in',
    address: '12 Station Road, Lucknow',
    kycDocs: [{ name: 'Aadhaar', link: '/api/file/doc/kyc-aadhaar-1a2b3c.pdf' }],
  },
  fitter: { firstName: 'Suresh', lastName: 'Yadav', phone: '+919876501234', email: 'suresh.yadav@example.in' },
  fitmentDate: '2026-11-01T09:30:00+00:00',
  expiresOn: '2027-11-01T09:30:00+00:00',
  durationInDays: 365,
  imei: '868960061234567',
  uid: 'WMK0001',
  sim1: '5754100012345',
  sim2: null,
  iccid: '8991000912345678901',
  modelName: 'WMK-4G',
  tac: '86896006',
  brandName: 'Metro Auto',
  tradeName: 'Metro Auto Dealers',
  orgEmail: 'fleet@example.in',
  contact: '+919812300000',
  address: { landmark: 'Near Charbagh station', city: 'Lucknow', state: 'UP', pin: '226001', country: 'India' },
  inScope: true,
  writable: true,
};
/** A correction as the PUT takes it, and the certificate's corrections after it. */
const CORRECTION = { vehicle: { engineNo: 'EN4521988' }, owner: { address: '14 Station Road, Lucknow' } };
const SAMPLE_CORRECTIONS = new Map(
  Object.entries(CORRECTION).flatMap(([part, fields]) =>
    Object.entries(fields).map(([field, value]) => [`${part}.${field}`, value] as const),
  ),
);

/** The certificate, public or full, and the errors of a route that answers it. */
const certificateAnswer = (...statuses: number[]) => ({
  200: withExample(
    { ...certificate, description: 'The certificate: the public (masked) view, or the full one' },
    certificateOf(SAMPLE_FITMENT, SAMPLE_CORRECTIONS, false),
    certificateOf(SAMPLE_FITMENT, SAMPLE_CORRECTIONS, true),
  ),
  ...errors(...statuses),
});

const correction = obj(
  {
    id: { type: 'string', format: 'uuid' },
    field: correctedField,
    oldValue: text,
    newValue: text,
    correctedAt: instant,
    correctedBy: { ...text, description: "the corrector's name; null when unknown (their account gone)" },
  },
  ['id', 'field', 'oldValue', 'newValue', 'correctedAt', 'correctedBy'],
);

export const certificateDocs = {
  certificate: certificateAnswer(400, 404, 429),
  corrected: certificateAnswer(400, 401, 403, 404, 429),
  correctionExample: CORRECTION,
  corrections: {
    200: withExample({ type: 'array', maxItems: 200, items: correction }, [
      {
        id: '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38',
        field: 'vehicle.engineNo',
        oldValue: 'EN4521987',
        newValue: 'EN4521988',
        correctedAt: '2026-11-28T10:15:00.481+00:00',
        correctedBy: 'Ravi Kumar',
      },
    ]),
    ...errors(400, 401, 403, 404, 429),
  },
};
