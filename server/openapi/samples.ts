import type { Field } from '../../resources/define.ts';

/**
 * Example values of declared fields, for the OpenAPI document's examples: by the field's rule,
 * then its name, then its kind, so that every entity's examples come from its declaration without
 * a word written per entity. tests/api/openapi.test.ts checks each against the field's schema.
 */

type Sample = unknown;

const BY_RULE: Record<string, string> = {
  imei: '868960061234567',
  iccid: '8991000912345678901',
  msisdn: '5754100012345',
  registrationNumber: 'UP32AB1234',
  gst: '09AAACH7409R1ZZ',
  pin: '226001',
  rtoCode: 'UP32',
  personName: 'Ravi Kumar',
};

/** A delivery's texts (resources/entities/delivery.ts), as the outbox wrote them in English. */
const DELIVERY = {
  subject: 'Vehicle UP32AB1234 is over speed',
  body: 'UP32AB1234 ran at 82 km/h near Charbagh at 10:15',
};

/** By the field's name (the last part of its path), where the name says what a value looks like. */
const BY_NAME: Record<string, Sample> = {
  name: 'Lucknow depot',
  firstName: 'Ravi',
  lastName: 'Kumar',
  description: 'Buses of the city depot',
  tradeName: 'Metro Auto Dealers',
  brandName: 'Metro Auto',
  country: 'India',
  state: 'UP',
  city: 'Lucknow',
  landmark: 'Near Charbagh station',
  address: '12 Station Road, Lucknow',
  code: 'LKO-01',
  uid: 'WMK0001',
  firmwareVersion: '2.1.7',
  make: 'Tata',
  model: 'Starbus',
  engineNo: 'EN4521987',
  chassisNo: 'MAT448123KLP56789',
  rto: 'Lucknow',
  rtoCode: 'UP_32',
  manufacturer: 'Waymark Devices',
  tac: '86896006',
  message: 'Frame stored',
  frame:
    '$PVT,WMK,2.1.7,NR,01,L,868960061234567,UP32AB1234,1,28112026,101500,26.846700,N,80.946200,E,42.0,90,12,120.0,1.1,0.9,AIRTEL,1,1,12.4,4.1,0,C,25,405,10,1A2B,3C4D,*',
  account: 'admin@waymark.in',
  action: 'user.update',
  targetId: '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64',
  reference: 'WR-20261128-0001',
  paymentReference: 'UTR123456789012',
  packetType: 'NR',
  type: 'OVERSPEED',
  recipient: 'ravi.kumar@example.in',
  ...DELIVERY,
  answer: '200 OK',
  lastError: 'connect ECONNREFUSED',
  secret: 'whsec_MfKQ9r8GKYqrHiIZ0xdD8eJeNXtK1v8K',
  webhookSecret: 'whsec_MfKQ9r8GKYqrHiIZ0xdD8eJeNXtK1v8K',
  webhookUrl: 'https://erp.example.in/waymark/alerts',
  // a change webhook endpoint's address (resources/entities/webhook-endpoint.ts)
  url: 'https://erp.example.in/waymark/changes',
  quietFrom: '22:00',
  quietTo: '06:00',
  imei: '868960061234567',
  registrationNumber: 'UP32AB1234',
  customerName: 'Ravi Kumar',
  customerPhone: '+919812345678',
  simActivationApprovedBy: 'Airtel IoT desk',
  link: '/api/file/doc/kyc-aadhaar-1a2b3c.pdf',
  rcImages: ['/api/file/image/rc-front-1a2b3c.jpg'],
  deviceImages: ['/api/file/image/device-1a2b3c.jpg'],
  ips: ['vlts.up.gov.in:5001'],
  numbers: ['+919812345678'],
  contactPhones: ['+919812345678'],
  contactEmails: ['fleet@example.in'],
  channels: ['email', 'console'],
  vehicleIds: ['3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64'],
  userIds: ['5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13'],
  latitude: 26.8467,
  longitude: 80.9462,
  speed: 42,
  heading: 90,
  altitude: 120,
  satellites: 12,
};

const BY_ADDRESS: Record<string, string> = {
  // a forwarding destination's address (resources/entities/forwarding.ts)
  address: 'mqtts://broker.example.in:8883',
};

const UUIDS = ['3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64', '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13'];

const POINT = { type: 'Point', coordinates: [80.9462, 26.8467] };
const LINE = {
  type: 'LineString',
  coordinates: [
    [80.9462, 26.8467],
    [80.9561, 26.8512],
  ],
};
const POLYGON = {
  type: 'Polygon',
  coordinates: [
    [
      [80.94, 26.84],
      [80.96, 26.84],
      [80.96, 26.86],
      [80.94, 26.86],
      [80.94, 26.84],
    ],
  ],
};

/** A value of the field, as a write sends it and a read shows it. */
export function sampleOf(name: string, field: Field): Sample {
  switch (field.type) {
    case 'phone':
      return '+919812345678';
    case 'email':
      return 'ravi.kumar@example.in';
    case 'password':
      return 'Lucknow@2026';
    case 'text': {
      if (field.rule && BY_RULE[field.rule]) return BY_RULE[field.rule];
      if (field.pattern?.startsWith('^(mqtt') && BY_ADDRESS[name]) return BY_ADDRESS[name];
      const known = BY_NAME[name];
      if (typeof known === 'string') return field.maxLength ? known.slice(0, field.maxLength) : known;
      return `Sample ${name}`;
    }
    case 'number': {
      const known = BY_NAME[name];
      if (typeof known === 'number' && within(field, known)) return known;
      const value = field.min !== undefined ? Math.max(field.min, Math.min(field.max ?? 30, 30)) : 30;
      return field.max !== undefined ? Math.min(value, field.max) : value;
    }
    case 'boolean':
      return true;
    case 'date':
      return '2026-11-28T10:15:00.000Z';
    case 'choice':
      return field.default !== undefined && field.choices.includes(field.default as string)
        ? field.default
        : field.choices[0];
    case 'reference':
      return UUIDS[name.length % 2];
    case 'image':
      return '/api/file/image/logo-1a2b3c.png';
    case 'geometry':
      return field.kinds.includes('Polygon') ? POLYGON : field.kinds.includes('LineString') ? LINE : POINT;
    case 'array': {
      // values ticked among the offered ones (a rule's channels, an endpoint's events)
      if (field.choices?.length) return field.choices.slice(0, Math.max(1, field.minItems ?? 1));
      const known = BY_NAME[name];
      if (Array.isArray(known))
        return Array.from({ length: Math.max(known.length, field.minItems ?? 1) }, (_, i) => known[i % known.length]);
      const item =
        field.of === 'object'
          ? objectSample(field.item ?? {})
          : field.of === 'number'
            ? 1
            : field.of === 'phone'
              ? '+919812345678'
              : `Sample ${name}`;
      return Array.from({ length: Math.max(1, field.minItems ?? 1) }, () => item);
    }
    case 'object':
      return objectSample(field.fields);
    case 'json':
      return field.default ?? {};
  }
}

/** A text value by the name of the field or column that holds it. */
export function sampleText(name: string): string {
  const known = BY_NAME[name];
  return typeof known === 'string' ? known : `Sample ${name}`;
}

const within = (field: { min?: number; max?: number }, value: number) =>
  (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);

export function objectSample(fields: Record<string, Field>): Record<string, Sample> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, sampleOf(name, field)]));
}
