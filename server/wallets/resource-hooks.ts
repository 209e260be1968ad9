import { sql } from 'drizzle-orm';
import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { walletRoutes } from './routes.ts';

/** A wallet is held by a user of its own organisation: not by one of a parent that could spend it as its own. */
async function checkHolder(ctx: WriteContext, userId: unknown, organisationId: string) {
  if (typeof userId !== 'string') return;
  const [holder] = await query(
    ctx.db,
    sql`select 1 from users where id = ${userId}::uuid and organisation_id = ${organisationId}::uuid`,
  );
  if (!holder)
    throw badRequest(said('wallet.messages.holderOutside'), { userId: said('wallet.messages.holderOutside') });
}

/**
 * The generic create and edit of /wallets (docs/wallet.md): the balance is read-only there and
 * moves only through the ledger; a wallet's organisation never changes (a trigger backs this:
 * a wallet moved below its own organisation could be topped up "from above" and moved back); the
 * provider's BANK and REVENUE accounts are not edited at all.
 */
export const walletHooks: ResourceHooks = {
  async beforeCreate(ctx, _columns, body) {
    await checkHolder(ctx, body.userId, (body.organisationId as string | undefined) ?? ctx.caller.organisationId);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    if (existing.kind !== 'WALLET') throw new HttpError(409, said('wallet.messages.systemAccount'));
    if (body.organisationId !== undefined && body.organisationId !== existing.organisationId) {
      throw badRequest(said('wallet.messages.organisationFixed'), {
        organisationId: said('wallet.messages.organisationFixed'),
      });
    }
    if (body.userId !== undefined && body.userId !== existing.userId)
      await checkHolder(ctx, body.userId, existing.organisationId as string);
  },
  routes: walletRoutes,
};
