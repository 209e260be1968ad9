import { brands } from '../../brands/index.ts';
import renewalOrder, {
  RENEWAL_DURATIONS,
  RENEWAL_PROVIDERS,
  RENEWAL_STATUSES,
} from '../../resources/entities/renewal-order.ts';
import { spoken, type Said } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import { upiProvider } from '../renewals/providers.ts';
import { resourceResponses } from './resources.ts';
import { answers, envelope, errors, obj, integer, instant } from './shared.ts';

/**
 * The OpenAPI answers and examples of renewal payment (server/renewals/routes.ts): the public lookup
 * and order, an order's status, the wallet payment and the administrators' confirmation.
 */

type Schema = Record<string, unknown>;

const REFERENCE = 'RNW-7KQ2M9XP';
const IMEI = '868960061234567';
const MASKED_IMEI = `${'•'.repeat(IMEI.length - 4)}${IMEI.slice(-4)}`;
const UTR = 'UTR123456789012';
const nullableInstant = { type: ['string', 'null'], description: 'ISO 8601 instant; null until paid' };
const maskedImei = { type: 'string', description: 'the last four digits, the others masked (•)' };
const provider = { type: 'string', enum: [...RENEWAL_PROVIDERS] };

const plan = obj({ durationInDays: { type: 'integer', enum: [...RENEWAL_DURATIONS] }, amountPaise: integer }, [
  'durationInDays',
  'amountPaise',
]);
const lookup = obj(
  {
    registrationNumber: { type: 'string' },
    imei: maskedImei,
    expiresOn: instant,
    expired: { type: 'boolean' },
    plans: { type: 'array', items: plan, description: 'empty when the organisation sells no renewal through Waymark' },
    providers: { type: 'array', items: provider, description: 'how an anonymous payer may pay' },
  },
  ['registrationNumber', 'imei', 'expiresOn', 'expired', 'plans', 'providers'],
);

/** How to pay an order (server/renewals/providers.ts PaymentInstructions). */
const instructions = {
  ...obj(
    {
      kind: provider,
      reference: { type: 'string' },
      amountPaise: integer,
      upiUri: { type: 'string', description: 'upi only: the deep link of the QR code' },
      bank: {
        ...obj(
          Object.fromEntries(
            ['beneficiary', 'accountNumber', 'ifsc', 'branchName', 'upiId'].map((name) => [name, { type: 'string' }]),
          ),
        ),
        description: 'upi only: the account to pay by bank transfer',
      },
    },
    ['kind', 'reference', 'amountPaise'],
  ),
  type: ['object', 'null'],
  description: 'how to pay, while the order is PENDING; null once paid',
};

/** What an anonymous payer may see of an order: no names, phones or e-mails. */
const publicOrder = obj(
  {
    reference: { type: 'string' },
    registrationNumber: { type: 'string' },
    imei: maskedImei,
    durationInDays: integer,
    amountPaise: integer,
    provider,
    status: { type: 'string', enum: [...RENEWAL_STATUSES] },
    expiresBefore: instant,
    expiresAfter: nullableInstant,
    confirmedAt: nullableInstant,
    instructions,
  },
  [
    'reference',
    'registrationNumber',
    'imei',
    'durationInDays',
    'amountPaise',
    'provider',
    'status',
    'expiresBefore',
    'expiresAfter',
    'confirmedAt',
    'instructions',
  ],
);

const PLANS = [
  { durationInDays: 365, amountPaise: 150000 },
  { durationInDays: 730, amountPaise: 270000 },
];
const pendingOrder = {
  reference: REFERENCE,
  registrationNumber: 'UP32AB1234',
  imei: MASKED_IMEI,
  durationInDays: PLANS[0]!.durationInDays,
  amountPaise: PLANS[0]!.amountPaise,
  provider: 'upi',
  status: 'PENDING',
  expiresBefore: '2026-12-01T09:30:00+00:00',
  expiresAfter: null,
  confirmedAt: null,
  instructions: upiProvider(brands.vltd.bank).start({ reference: REFERENCE, amountPaise: PLANS[0]!.amountPaise }),
};
const paidOrder = {
  ...pendingOrder,
  provider: 'wallet',
  status: 'PAID',
  expiresAfter: '2027-12-01T09:30:00+00:00',
  confirmedAt: '2026-11-28T10:15:00.481+00:00',
  instructions: null,
};

/** `{success, message, data}`: what was done, said, and the payload, with its example. */
const told = (data: Schema, message: Said, example: unknown, statuses: number[], status = 200) => ({
  [status]: { ...envelope(data, undefined), examples: [{ success: true, ...spoken(message), data: example }] },
  ...errors(...statuses),
});

const confirmed = said('renewal.confirmed', { reference: REFERENCE });
const pair = { registrationNumber: 'UP32AB1234', imei: IMEI };

export const renewalDocs = {
  pairExample: pair,
  orderExample: { ...pair, durationInDays: PLANS[0]!.durationInDays, provider: 'upi' },
  imeiExample: { imei: IMEI },
  confirmExample: { paymentReference: UTR },
  lookup: answers(
    lookup,
    {
      registrationNumber: pair.registrationNumber,
      imei: MASKED_IMEI,
      expiresOn: pendingOrder.expiresBefore,
      expired: false,
      plans: PLANS,
      providers: ['upi'],
    },
    [400, 404, 429],
  ),
  ordered: told(
    publicOrder,
    said('renewal.ordered', { reference: REFERENCE }),
    pendingOrder,
    [400, 404, 409, 429],
    201,
  ),
  order: answers(publicOrder, pendingOrder, [400, 404, 429]),
  paidFromWallet: told(publicOrder, confirmed, paidOrder, [400, 401, 403, 404, 409, 429]),
  confirmed: resourceResponses.action(renewalOrder, {
    message: confirmed,
    statuses: [400, 401, 403, 404, 409, 429],
    example: {
      reference: REFERENCE,
      imei: IMEI,
      durationInDays: pendingOrder.durationInDays,
      amountPaise: pendingOrder.amountPaise,
      provider: 'upi',
      status: 'PAID',
      expiresBefore: pendingOrder.expiresBefore,
      expiresAfter: paidOrder.expiresAfter,
      paymentReference: UTR,
      confirmedAt: paidOrder.confirmedAt,
    },
  }),
};
