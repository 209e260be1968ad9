import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisations, type Address } from '../db/schema.ts';

export interface NewOrganisation {
  tradeName: string;
  brandName: string;
  parentId?: string | null;
  contact?: string;
  email?: string;
  gst?: string;
  address?: Address;
  isOnboarded?: boolean;
}

/** Creates an organisation under its parent, keeping the materialised path the scoping relies on. */
export async function createOrganisation(db: Db, input: NewOrganisation) {
  const id = crypto.randomUUID();
  let parentPath = '/';
  if (input.parentId) {
    const [parent] = await db
      .select({ path: organisations.path })
      .from(organisations)
      .where(eq(organisations.id, input.parentId));
    if (!parent) throw new Error(`Parent organisation ${input.parentId} does not exist`);
    parentPath = parent.path;
  }
  const [row] = await db
    .insert(organisations)
    .values({
      id,
      parentId: input.parentId ?? null,
      path: `${parentPath}${id}/`,
      tradeName: input.tradeName,
      brandName: input.brandName,
      contact: input.contact,
      email: input.email,
      gst: input.gst,
      address: input.address ?? {},
      isOnboarded: input.isOnboarded ?? true,
    })
    .returning();
  return row!;
}
