import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { wallets, walletTransactions } from '../../server/db/wallet-schema.ts';
import { DEMO_PASSWORD, demoEmail } from '../../server/seed/demo.ts';
import { systemAccount } from '../../server/wallets/ledger.ts';
import { query } from '../../server/resources/sql.ts';
import { signInOverHttp } from '../support/net.ts';
import { startChildServer, stopChildServers, type ChildServer } from '../support/child-server.ts';
import { ledgerProblems } from '../support/ledger.ts';
import { seededRandom } from '../support/random.ts';

/** `waymark serve` on the scratch database, as an operator runs it, with the demo's users and wallets. */
const startServer = (databaseUrl: string) =>
  startChildServer({
    env: {
      DATABASE_URL: databaseUrl,
      WAYMARK_DEMO: '1',
      WAYMARK_SIMULATE: '0',
      WAYMARK_ADMIN_EMAIL: 'root@waymark.test',
      WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
    },
  });

/** One request of the run: a transfer, deposit or withdrawal, with its key, and where its money comes from. */
interface Movement {
  who: 'rfcadmin' | 'admin';
  step: 'add' | 'deduct';
  walletId: string;
  payer: string;
  body: { amount: number; description: string; reference?: string; idempotencyKey: string };
}
interface Answer {
  status: number;
  transferId?: string;
  error?: string;
}

async function send(base: string, token: string, movement: Movement): Promise<Answer> {
  try {
    const response = await fetch(`${base}/api/wallets/${movement.step}/${movement.walletId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(movement.body),
    });
    const body = (await response.json()) as { data?: { transaction?: { transferId?: string } }; message?: string };
    return {
      status: response.status,
      transferId: body.data?.transaction?.transferId,
      error: response.ok ? undefined : body.message,
    };
  } catch (error) {
    // the connection died with the server: no answer
    return { status: 0, error: String(error) };
  }
}

// PostgreSQL only: the embedded database lives and dies inside the one process
describe.runIf(process.env.TEST_DATABASE_URL)(
  'wallet requests across a server killed with SIGKILL (PostgreSQL)',
  () => {
    const servers: ChildServer[] = [];
    let drop = async () => {};
    let databaseUrl = '';
    let database: Database | undefined;

    beforeAll(async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_crash');
      drop = scratch.drop;
      databaseUrl = scratch.url;
    });

    afterAll(async () => {
      await stopChildServers(servers);
      await database?.close();
      await drop();
    });

    it('applies every answered request once, and every unanswered one once when it is sent again', async () => {
      const first = await startServer(databaseUrl);
      servers.push(first);
      database = await openDatabase({ databaseUrl, dataDir: null });
      const { db } = database;
      const walletOf = async (who: string) => {
        const [row] = await db
          .select({ id: wallets.id })
          .from(wallets)
          .innerJoin(users, eq(users.id, wallets.userId))
          .where(eq(users.email, demoEmail(who)));
        return row!.id;
      };
      const [dealerWallet, sunriseWallet, bank] = [
        await walletOf('rfcadmin'),
        await walletOf('customer'),
        await systemAccount(db, 'BANK'),
      ];

      // 300 requests that all fit the balances: transfers both ways by the dealer's administrator,
      // deposits and withdrawals with their UTRs by the provider's
      const random = seededRandom(Number(process.env.WAYMARK_SEED ?? 24));
      const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
      const movements: Movement[] = Array.from({ length: 300 }, (_, i): Movement => {
        const key = `crash-${i}`;
        if (i % 2 === 0) {
          const step = i % 4 === 0 ? 'add' : 'deduct';
          return {
            who: 'rfcadmin',
            step,
            walletId: sunriseWallet,
            payer: step === 'add' ? dealerWallet : sunriseWallet,
            body: { amount: between(100, 5_000), description: `Transfer ${i}`, idempotencyKey: key },
          };
        }
        const walletId = random() < 0.5 ? dealerWallet : sunriseWallet;
        const step = i % 6 === 1 ? 'deduct' : 'add';
        return {
          who: 'admin',
          step,
          walletId,
          payer: step === 'add' ? bank : walletId,
          body: {
            amount: step === 'add' ? between(1_000, 100_000) : between(100, 2_000),
            description: `${step === 'add' ? 'Deposit' : 'Withdrawal'} ${i}`,
            reference: `UTR-CRASH-${i}`,
            idempotencyKey: key,
          },
        };
      });
      // the ledger as the database has it: the DEBIT legs of each key (one is a transfer; none, it did not happen)
      const debitsOf = async () => {
        const rows = await db
          .select({
            key: walletTransactions.idempotencyKey,
            walletId: walletTransactions.walletId,
            amount: walletTransactions.amount,
            transferId: walletTransactions.transferId,
          })
          .from(walletTransactions)
          .where(
            sql`${walletTransactions.transactionType} = 'DEBIT' and ${walletTransactions.idempotencyKey} like 'crash-%'`,
          );
        const byKey = new Map<string, typeof rows>();
        for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
        return byKey;
      };
      /** What is wrong with a request's place in the ledger, when it must be there once. */
      const onceProblem = (ledger: Awaited<ReturnType<typeof debitsOf>>, movement: Movement, answer?: Answer) => {
        const legs = ledger.get(movement.body.idempotencyKey) ?? [];
        if (legs.length !== 1) return `${movement.body.idempotencyKey} is in the ledger ${legs.length} times`;
        if (legs[0]!.walletId !== movement.payer || legs[0]!.amount !== movement.body.amount)
          return `${movement.body.idempotencyKey} moved the wrong money`;
        if (answer?.transferId && legs[0]!.transferId !== answer.transferId)
          return `${movement.body.idempotencyKey} answered ${answer.transferId}, the ledger has ${legs[0]!.transferId}`;
        return null;
      };
      const keysTwice = () =>
        query<{ key: string }>(
          db,
          sql`select idempotency_key as key from wallet_transactions
      where transaction_type = 'DEBIT' group by idempotency_key having count(*) > 1`,
        );

      // all at once; the server is killed a few milliseconds after the 100th answer, in the middle of the others
      let tokens = {
        rfcadmin: await signInOverHttp(first.base, demoEmail('rfcadmin'), DEMO_PASSWORD),
        admin: await signInOverHttp(first.base, demoEmail('admin'), DEMO_PASSWORD),
      };
      let answeredSoFar = 0;
      const killAfterMs = between(0, 15);
      const answers = await Promise.all(
        movements.map(async (movement) => {
          const answer = await send(first.base, tokens[movement.who], movement);
          if (answer.status !== 0 && ++answeredSoFar === 100)
            setTimeout(() => first.child.kill('SIGKILL'), killAfterMs);
          return answer;
        }),
      );
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      const answered = movements
        .map((movement, i) => ({ movement, answer: answers[i]! }))
        .filter(({ answer }) => answer.status !== 0);
      const unanswered = movements.filter((_, i) => answers[i]!.status === 0);
      expect(
        answered.filter(({ answer }) => answer.status !== 200).map(({ answer }) => `${answer.status} ${answer.error}`),
      ).toEqual([]);
      expect(answered.length).toBeGreaterThanOrEqual(100);
      expect(unanswered.length).toBeGreaterThan(0);

      // what the crash left: a whole ledger, each answered request once, no key twice
      expect(await ledgerProblems(db)).toEqual([]);
      const afterCrash = await debitsOf();
      expect(answered.map(({ movement, answer }) => onceProblem(afterCrash, movement, answer)).filter(Boolean)).toEqual(
        [],
      );
      expect(await keysTwice()).toEqual([]);

      // the same database, a new process: every request sent again with its key
      const second = await startServer(databaseUrl);
      servers.push(second);
      tokens = {
        rfcadmin: await signInOverHttp(second.base, demoEmail('rfcadmin'), DEMO_PASSWORD),
        admin: await signInOverHttp(second.base, demoEmail('admin'), DEMO_PASSWORD),
      };
      const resent = await Promise.all(movements.map((movement) => send(second.base, tokens[movement.who], movement)));
      expect(
        resent.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.error}`),
      ).toEqual([]);
      // an answered request answers the transfer it made; an unanswered one the transfer it made or makes now
      expect(
        answered.filter(
          ({ movement, answer }) => resent[movements.indexOf(movement)]!.transferId !== answer.transferId,
        ),
      ).toEqual([]);

      expect(await ledgerProblems(db)).toEqual([]);
      const afterRestart = await debitsOf();
      expect(movements.map((movement, i) => onceProblem(afterRestart, movement, resent[i])).filter(Boolean)).toEqual(
        [],
      );
      expect(afterRestart.size).toBe(movements.length);
      expect(await keysTwice()).toEqual([]);
    }, 600_000);
  },
);
