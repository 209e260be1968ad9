/**
 * GET /activation/quote: what a fitment's activation will cost before it is saved, and from which
 * wallet, so the form can say so (docs/wallet.md, "Before a fitment is saved"). The same prices and
 * paying wallet as settleActivation(); the balance only to a caller who may read wallets.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import fitment from '../../resources/entities/fitment.ts';
import { message } from '../resources/messages.ts';
import { hasPermission } from '../../core/permissions.ts';
import { effectivePrices, isFree, priceFor } from '../organisations/settings.ts';
import { deviceToFit } from '../fitments/resolve.ts';
import { payingWallet } from './ledger.ts';
import { walletDocs } from '../openapi/wallets.ts';

/** Who reads a wallet's balance: its holders (account) and the wallets' administrators. */
const WALLET_READERS = ['account-wallet', 'management-wallet'];
const mayReadWallets = (caller: Caller) =>
  WALLET_READERS.some((p) => hasPermission(caller.isSuperAdmin, caller.permissions, p));

export interface ActivationQuote {
  /** The price of the length asked for, in paise; null when that length cannot be bought. */
  pricePaise: number | null;
  /** The organisation's activations cost nothing (both lengths priced 0). */
  free: boolean;
  /** The wallet that pays: its organisation, whether it holds the price, and its balance for a wallet reader. */
  payer: { organisation: string; sufficient: boolean; balancePaise: number | null } | null;
}

export function activationQuoteRoute(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { imei: string; durationInDays: number } }>(
    '/activation/quote',
    {
      config: { permission: [fitment.permissions.create!, ...(fitment.alsoPermittedBy?.create ?? [])] },
      schema: {
        tags: ['fitment'],
        summary:
          'What activating a device for a length costs, and the wallet that pays (its balance to a wallet reader), before the fitment is saved',
        querystring: {
          type: 'object',
          required: ['imei', 'durationInDays'],
          properties: {
            imei: { type: 'string', pattern: '^\\d{15}$', errorMessage: message('fitment.quote.imei') },
            durationInDays: {
              type: 'integer',
              minimum: 1,
              maximum: 3650,
              errorMessage: message('fitment.quote.duration'),
            },
          },
        },
        response: walletDocs.quote,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { imei, durationInDays } = request.query;
      // the device the fitment would take, as the fitment's own write finds it (the caller's to fit)
      const device = await deviceToFit(db, caller, imei);
      const prices = await effectivePrices(db, device.organisationId);
      const free = isFree(prices);
      const pricePaise = priceFor(prices, Number(durationInDays));
      const wallet = free ? null : await payingWallet(db, device.organisationId);
      const quote: ActivationQuote = {
        pricePaise,
        free,
        payer: wallet
          ? {
              organisation: wallet.organisationName,
              sufficient: pricePaise !== null && wallet.balance >= pricePaise,
              balancePaise: mayReadWallets(caller) ? wallet.balance : null,
            }
          : null,
      };
      return { success: true, data: quote };
    },
  );
}
