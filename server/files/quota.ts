import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/ownership-schema.ts';
import { HttpError } from '../http/errors.ts';
import { said } from '../resources/messages.ts';

export interface UploadQuota {
  userPerDay: number;
  organisation: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A size as people read it: 200 MiB, 2 GiB, 512 KiB. */
export function describeSize(bytes: number): string {
  const units = [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * Records the uploads and runs `store` (which writes the files) only if they keep the user within
 * their daily quota and the organisation within its total one; otherwise refuses with 413 and
 * stores nothing. Uploads of one organisation take a transaction-scoped lock, so two at once
 * cannot both slip under the limit.
 */
export async function withinQuota(
  db: Db,
  who: { userId: string; organisationId: string },
  quota: UploadQuota,
  files: { url: string; bytes: number }[],
  store: () => Promise<void>,
): Promise<void> {
  const incoming = files.reduce((sum, f) => sum + f.bytes, 0);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${who.organisationId}`}))`);
    const since = new Date(Date.now() - DAY_MS);
    const [mine] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.userId, who.userId), gt(uploads.createdAt, since)));
    if (Number(mine!.bytes) + incoming > quota.userPerDay) {
      throw new HttpError(413, said('api.files.userQuota', { size: describeSize(quota.userPerDay) }));
    }
    const [organisation] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
      .from(uploads)
      .where(eq(uploads.organisationId, who.organisationId));
    if (Number(organisation!.bytes) + incoming > quota.organisation) {
      throw new HttpError(413, said('api.files.organisationQuota', { size: describeSize(quota.organisation) }));
    }
    await tx
      .insert(uploads)
      .values(files.map((f) => ({ ...f, userId: who.userId, organisationId: who.organisationId })));
    await store();
  });
}
