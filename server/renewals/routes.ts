import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { brands, type Brand } from '../../brands/index.ts';
import { badRequest, HttpError, spoken } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { PUBLIC } from '../http/permissions.ts';
import { MINUTE, missesOnly, perAccount, perAddress, throttle } from '../http/rate-limits.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { message, said } from '../resources/messages.ts';
import { normaliseProperties, rules, ruleSchema } from '../../core/rules.ts';
import renewalOrder, { RENEWAL_DURATIONS, type RenewalProviderId } from '../../resources/entities/renewal-order.ts';
import {
  confirmOrder,
  findRenewableFitment,
  notMatched,
  orderByReference,
  orderRenewal,
  payFromWallet,
  plansOf,
  type RenewalOrder,
} from './orders.ts';
import { enabledProviders, type RenewalPaymentProvider } from './providers.ts';
import { renewalDocs } from '../openapi/renewals.ts';
import { withExample } from '../openapi/shared.ts';

const tags = ['renewal'];

// the shared rules (core/rules.ts) in the renewal page's words; normalisePair brings what was typed to their stored form first
const imeiRule = { ...rules.imei, message: 'renewal.imeiPattern' };
const registrationRule = { ...rules.registrationNumber, message: 'renewal.registrationPattern' };
const imei = ruleSchema(imeiRule, message('renewal.imei'), message);
const registrationNumber = ruleSchema(registrationRule, message('renewal.registrationNumber'), message);
const normalisePair = async (request: FastifyRequest) => {
  normaliseProperties(request.body, { imei: imeiRule, registrationNumber: registrationRule });
  normaliseProperties(request.query, { imei: imeiRule });
};
// as typed: any case (the lookup upper-cases it)
const reference = {
  type: 'string',
  pattern: '^[Rr][Nn][Ww]-[A-Za-z0-9]{8}$',
  errorMessage: message('renewal.referencePattern'),
};
/** A body of these properties, all required, each missing one named with its own message (a rule's: its pattern's). */
const missing = (errorMessage: unknown) =>
  typeof errorMessage === 'string' ? errorMessage : String((errorMessage as { pattern: string }).pattern);
const bodyOf = (properties: Record<string, Record<string, unknown>>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
  errorMessage: {
    required: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [name, missing(schema.errorMessage)]),
    ),
  },
});
const pairBody = bodyOf({ registrationNumber, imei });
const referenceParams = { type: 'object', required: ['reference'], properties: { reference } };

/**
 * The IMEI a request names (in its body or query), from the client's address: the wrong pairs one
 * address tries on one device are limited, and nobody else's guesses ever refuse the owner.
 */
const imeiFromAddress = (request: FastifyRequest) => {
  const value =
    (request.body as { imei?: unknown } | undefined)?.imei ?? (request.query as { imei?: unknown } | undefined)?.imei;
  return typeof value === 'string' ? `${request.ip}/${value}` : undefined;
};

/** Only the last four digits: the caller typed the IMEI, the answer need not carry it whole. */
const maskImei = (value: string) => `${'•'.repeat(value.length - 4)}${value.slice(-4)}`;

/** What an anonymous payer may see of an order: no names, phones or e-mails. */
function publicOrder(order: RenewalOrder, provider: RenewalPaymentProvider | undefined) {
  return {
    reference: order.reference,
    registrationNumber: order.registrationNumber,
    imei: maskImei(order.imei),
    durationInDays: order.durationInDays,
    amountPaise: order.amountPaise,
    provider: order.provider,
    status: order.status,
    expiresBefore: order.expiresBefore,
    expiresAfter: order.expiresAfter,
    confirmedAt: order.confirmedAt,
    instructions: order.status === 'PENDING' && provider ? provider.start(order) : null,
  };
}

/**
 * Renewal payment (issue 12 §3): the public lookup and order of /public/renewal-payment, the
 * administrators' confirmation of a UPI/bank transfer, and the test payment (WAYMARK_TEST_PAYMENTS only). docs/renewal.md.
 */
export function renewalRoutes(app: FastifyInstance, db: Db, options: { testPayments: boolean }) {
  const brand: Brand = brands[app.brand as Brand['id']] ?? brands.vltd;
  const providers = enabledProviders({ testPayments: options.testPayments, bank: brand.bank });
  const publicProviders = [...providers.values()].filter((p) => p.public).map((p) => p.id);
  // a real owner needs a handful of calls; guessing pairs gets nowhere at this rate. Only wrong pairs
  // (404) count per IMEI, per address: strangers spamming a device's IMEI never lock its owner out
  const limited = throttle(app, 'renewal', [
    perAddress(60, 15 * MINUTE),
    missesOnly(perAccount(20, 15 * MINUTE, imeiFromAddress)),
  ]);

  app.post<{ Body: { registrationNumber: string; imei: string } }>(
    '/public/renewal/lookup',
    {
      config: { permission: PUBLIC },
      preValidation: normalisePair,
      preHandler: limited,
      schema: {
        tags,
        summary:
          "A device's subscription expiry and renewal plans, by its vehicle's registration number and its IMEI (both must match)",
        body: withExample(pairBody, renewalDocs.pairExample),
        response: renewalDocs.lookup,
      },
    },
    async (request) => {
      const fitment = await findRenewableFitment(db, request.body.registrationNumber, request.body.imei);
      if (!fitment) throw notMatched();
      return {
        success: true,
        data: {
          registrationNumber: fitment.registrationNumber,
          imei: maskImei(fitment.imei),
          expiresOn: fitment.expiresOn,
          expired: Date.parse(fitment.expiresOn) <= Date.now(),
          plans: await plansOf(db, fitment),
          providers: publicProviders,
        },
      };
    },
  );

  app.post<{ Body: { registrationNumber: string; imei: string; durationInDays: number; provider: RenewalProviderId } }>(
    '/public/renewal/orders',
    {
      config: { permission: PUBLIC },
      preValidation: normalisePair,
      preHandler: limited,
      schema: {
        tags,
        summary: 'Order a renewal: answers its reference, amount and how to pay',
        body: withExample(
          bodyOf({
            registrationNumber,
            imei,
            durationInDays: {
              type: 'integer',
              enum: [...RENEWAL_DURATIONS],
              errorMessage: message('renewal.planRequired'),
            },
            provider: { type: 'string', enum: publicProviders, errorMessage: message('renewal.providerRequired') },
          }),
          renewalDocs.orderExample,
        ),
        response: renewalDocs.ordered,
      },
    },
    async (request, reply) => {
      const fitment = await findRenewableFitment(db, request.body.registrationNumber, request.body.imei);
      if (!fitment) throw notMatched();
      const caller = await request.loadCaller();
      const order = await orderRenewal(
        db,
        fitment,
        request.body.durationInDays,
        request.body.provider,
        caller?.userId ?? null,
      );
      reply.status(201);
      return {
        success: true,
        ...spoken(said('renewal.ordered', { reference: order.reference })),
        data: publicOrder(order, providers.get(order.provider)),
      };
    },
  );

  app.get<{ Params: { reference: string }; Querystring: { imei: string } }>(
    '/public/renewal/orders/:reference',
    {
      config: { permission: PUBLIC },
      preValidation: normalisePair,
      preHandler: throttle(app, 'renewal-status', [
        perAddress(120, 15 * MINUTE),
        missesOnly(perAccount(20, 15 * MINUTE, imeiFromAddress)),
      ]),
      schema: {
        tags,
        summary: "A renewal order's status, by its reference and the device's IMEI",
        params: referenceParams,
        querystring: bodyOf({ imei }),
        response: renewalDocs.order,
      },
    },
    async (request) => {
      const order = await orderByReference(db, request.params.reference, request.query.imei);
      return { success: true, data: publicOrder(order, providers.get(order.provider)) };
    },
  );

  if (providers.has('test')) {
    app.post<{ Params: { reference: string }; Body: { imei: string } }>(
      '/public/renewal/orders/:reference/test-payment',
      {
        config: { permission: PUBLIC },
        preValidation: normalisePair,
        preHandler: limited,
        schema: {
          tags,
          summary: 'Only with WAYMARK_TEST_PAYMENTS=1: pay a test-provider order, which confirms it',
          params: referenceParams,
          body: bodyOf({ imei }),
        },
      },
      async (request) => {
        const order = await orderByReference(db, request.params.reference, request.body.imei);
        if (order.provider !== 'test') throw badRequest(said('renewal.notTestOrder'));
        const paid = await confirmOrder(db, order.id, {
          actorId: null,
          paymentReference: `TEST-${order.reference.slice(4)}`,
        });
        return {
          success: true,
          ...spoken(said('renewal.confirmed', { reference: paid.reference })),
          data: publicOrder(paid, undefined),
        };
      },
    );
  }

  app.post<{ Params: { reference: string }; Body: { imei: string } }>(
    '/renewal/orders/:reference/wallet-payment',
    {
      config: { permission: 'pay-renewal-from-wallet', peopleOnly: true },
      preValidation: normalisePair,
      schema: {
        tags,
        summary:
          "Pay a pending renewal order from the caller's organisation's wallet: debited and confirmed in one transaction, once",
        params: referenceParams,
        body: withExample(bodyOf({ imei }), renewalDocs.imeiExample),
        response: renewalDocs.paidFromWallet,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const order = await orderByReference(db, request.params.reference, request.body.imei);
      const paid = await payFromWallet(db, order, caller);
      return {
        success: true,
        ...spoken(said('renewal.confirmed', { reference: paid.reference })),
        data: publicOrder(paid, undefined),
      };
    },
  );

  app.put<{ Params: { id: string }; Body: { paymentReference: string } }>(
    '/renewal-orders/:id/confirm',
    {
      config: { permission: 'confirm-renewal' },
      schema: {
        tags,
        summary: "Confirm receipt of a renewal's payment, with the payer's UTR: the subscription is extended, once",
        params: idParams,
        body: withExample(
          bodyOf({
            paymentReference: {
              type: 'string',
              pattern: '^\\s*[A-Za-z0-9-]{6,35}\\s*$',
              errorMessage: message('renewal.utrPattern'),
            },
          }),
          renewalDocs.confirmExample,
        ),
        response: renewalDocs.confirmed,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const existing = await writableRecord({ db, caller, request, resource: renewalOrder }, request.params.id);
      if (existing.status !== 'PENDING') throw new HttpError(409, said('renewal.alreadyConfirmed'));
      const paid = await confirmOrder(db, existing.id, {
        actorId: caller.userId,
        paymentReference: request.body.paymentReference.trim().toUpperCase(),
      });
      return {
        success: true,
        ...spoken(said('renewal.confirmed', { reference: paid.reference })),
        data: await findRecord(db, renewalOrder, caller, paid.id),
      };
    },
  );
}
