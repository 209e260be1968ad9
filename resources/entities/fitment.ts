import {
  array,
  boolean,
  choice,
  date,
  defineResource,
  email,
  number,
  object,
  organisationField,
  password,
  phone,
  reference,
  text,
  UPLOADED_DOCUMENT_PATTERN,
  UPLOADED_IMAGE_PATTERN,
  type ArrayField,
} from '../define.ts';
import { VEHICLE_CATEGORIES } from './vehicle.ts';

/**
 * Where a fitment's activation stands: PENDING until someone with approve-activation approves it,
 * ACTIVE once approved (the vehicle is tracked), INACTIVE when not asked for or undone.
 */
export const ACTIVATION_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];
export const KYC_DOCUMENTS = ['AADHAR', 'PAN'] as const;

/** The spec's image counts: RC exactly 2, device 2 to 3, Aadhaar and PAN 1 to 2 each. */
export const IMAGE_COUNTS = {
  rcImages: [2, 2],
  deviceImages: [2, 3],
  AADHAR: [1, 2],
  PAN: [1, 2],
} as const;

/**
 * What the bulk CSV may leave out that the form asks for (the spec marks fewer CSV columns
 * required, and has no address column): by payload object, '' for the top level.
 */
export const BULK_OPTIONAL: Record<string, readonly string[]> = {
  '': ['fitmentDate'],
  vehicle: ['regDate'],
  customer: ['firstName', 'lastName', 'email', 'address'],
};

const images = (name: keyof typeof IMAGE_COUNTS, label: string): ArrayField =>
  array('text', {
    label,
    minItems: IMAGE_COUNTS[name][0],
    maxItems: IMAGE_COUNTS[name][1],
    minItemsMessage: `fitment.images.${name}Count`,
    maxItemsMessage: `fitment.images.${name}Count`,
    itemPattern: UPLOADED_IMAGE_PATTERN,
    itemPatternMessage: 'fitment.images.notUploaded',
  });
const f = (name: string) => `fitment.fields.${name}`;

/** A person of the form (customer, fitter): a 10-digit mobile shown and sent with +91. */
const person = (required: boolean) => ({
  firstName: text({ label: f('firstName'), required, rule: 'personName' }),
  lastName: text({ label: f('lastName'), required, rule: 'personName' }),
  email: email({ label: f('email'), required }),
  phone: phone({ label: f('phone'), required }),
});

/**
 * A fitment: a device fitted to a customer's vehicle by a fitter, optionally with the device's
 * activation. The body is the spec's payload (vehicle, device, customer and fitter objects); the
 * server resolves them to the device, the vehicle and the customer's account and keeps the flat
 * columns the list shows. The form is custom-pages/fitment's.
 */
export default defineResource({
  name: 'fitment',
  api: '/fitment',
  table: 'fitments',
  path: '/fitment',
  title: 'menu.fitment',
  module: 'fitment',
  scope: 'organisation',
  permissions: { create: 'add-fitment', edit: 'edit-fitment' },
  // a device's Create Activation opens the same form
  alsoPermittedBy: { create: ['create-activation'] },
  fields: {
    vehicle: object(
      {
        category: choice(VEHICLE_CATEGORIES, { label: f('category'), required: true }),
        registrationNumber: text({
          label: f('registrationNumber'),
          required: true,
          rule: 'registrationNumber',
        }),
        engineNo: text({ label: f('engineNo'), maxLength: 50 }),
        chassisNo: text({ label: f('chassisNo'), maxLength: 50 }),
        regDate: date({ label: f('regDate'), required: true }),
        rto: text({ label: f('rto'), required: true, maxLength: 150 }),
        rtoCode: text({
          label: f('rtoCode'),
          required: true,
          pattern: '^[A-Z]{2}_[A-Z0-9]+$',
          patternMessage: 'fitment.rtoRequired',
        }),
        make: text({ label: f('make'), maxLength: 50 }),
        model: text({ label: f('model'), maxLength: 50 }),
        rcImages: images('rcImages', f('rcImages')),
      },
      { required: true },
    ),
    device: object(
      {
        imei: text({ label: f('imei'), required: true, rule: 'imei' }),
        panicButtonCount: number({ label: f('panicButtonCount'), integer: true, min: 0, max: 10 }),
        deviceImages: images('deviceImages', f('deviceImages')),
      },
      { required: true },
    ),
    customer: object(
      {
        ...person(true),
        // a new customer's sign-in password; the brand's default when left out. Never stored here.
        password: password({ label: f('password') }),
        address: text({ label: f('address'), required: true, maxLength: 500, multiline: true }),
        kycDocs: array('object', {
          label: f('kycDocs'),
          maxItems: IMAGE_COUNTS.AADHAR[1] + IMAGE_COUNTS.PAN[1],
          item: {
            name: choice(KYC_DOCUMENTS, { label: f('kycName'), required: true }),
            link: text({
              label: f('kycLink'),
              required: true,
              pattern: UPLOADED_DOCUMENT_PATTERN,
              patternMessage: 'fitment.images.notUploaded',
            }),
          },
        }),
      },
      { required: true },
    ),
    fitter: object(person(false)),
    fitmentDate: date({ required: true, sortable: true }),
    durationInDays: number({ required: true, integer: true, min: 1, max: 3650, sortable: true, format: 'duration' }),
    deviceActivate: boolean({ default: true }),

    // kept by the server from the above, for the list, its search and its filters
    imei: text({ priority: 1, readOnly: true, required: true, searchable: true, sortable: true, filterable: true }),
    registrationNumber: text({ priority: 1, readOnly: true, required: true, searchable: true, sortable: true }),
    customerName: text({ priority: 2, readOnly: true, required: true, searchable: true }),
    customerPhone: text({ readOnly: true, required: true, searchable: true }),
    activationStatus: choice(ACTIVATION_STATUSES, {
      priority: 1,
      readOnly: true,
      default: 'INACTIVE',
      filterable: true,
      sortable: true,
      choiceLabels: 'fitment.statuses',
    }),
    expiresOn: date({ priority: 2, readOnly: true, required: true, sortable: true }),
    // the activation is paid up to here (docs/wallet.md): moving expiresOn past it is charged or refused
    paidThrough: date({ readOnly: true, listed: false }),
    deviceId: reference('device', { readOnly: true, required: true, listed: false, filterable: true }),
    vehicleId: reference('vehicle', { readOnly: true, required: true, listed: false, filterable: true }),
    customerId: reference('user', { readOnly: true, required: true, listed: false, filterable: true }),
    organisationId: organisationField({ sortable: true }),
    createdAt: date({ readOnly: true, sortable: true }),
  },
  list: [
    'imei',
    'registrationNumber',
    'customerName',
    'customerPhone',
    'fitmentDate',
    'durationInDays',
    'expiresOn',
    'activationStatus',
    'organisationId',
  ],
  recordLabel: ['registrationNumber'],
  defaultSort: ['createdAt', 'DESC'],
  rowActions: [
    { id: 'approve-activation', label: 'permissions.approve-activation' },
    { id: 'undo-activation', label: 'permissions.undo-activation' },
    { id: 'view-certificate', label: 'certificate.actions.view' },
    { id: 'generate-certificate', label: 'certificate.actions.download' },
  ],
  extraPermissions: ['bulk-fitment', 'generate-certificate', 'edit-certificate', 'view-certificate'],
  views: { create: 'custom', edit: 'custom' },
  searchPlaceholder: 'fitment.search',
  emptyMessage: 'fitment.empty',
  filterPanel: ['activationStatus'],
  menu: { group: 'top' },
});
