-- A double-entry ledger (docs/wallet.md): the provider's BANK and REVENUE accounts beside the
-- organisations' wallets, and every movement a transfer of two legs. The history kept so far
-- becomes transfers too: a credit came from the bank, a debit went to revenue (an activation or
-- a renewal) or back to the bank (any other deduction), so the accounts sum to zero from the start.
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_check";--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "kind" text DEFAULT 'WALLET' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_kind_check" CHECK ("wallets"."kind" IN ('WALLET', 'BANK', 'REVENUE'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_holder_check" CHECK (("wallets"."kind" = 'WALLET') = ("wallets"."user_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance" >= 0 OR "wallets"."kind" = 'BANK');--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_system_account_idx" ON "wallets" USING btree ("kind") WHERE "wallets"."kind" <> 'WALLET';--> statement-breakpoint
-- the system accounts belong to the provider, the root organisation (on an empty database the first start makes them)
INSERT INTO "wallets" ("kind", "organisation_id", "balance", "low_balance_threshold", "is_active")
  SELECT k.kind, r.id, 0, 0, true FROM (VALUES ('BANK'), ('REVENUE')) AS k(kind)
  CROSS JOIN (SELECT id FROM "organisations" WHERE "parent_id" IS NULL ORDER BY "created_at", "id" LIMIT 1) r;--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_transactions_immutable ON "wallet_transactions";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_balance_after_check";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "transfer_kind" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "counter_wallet_id" uuid;--> statement-breakpoint
-- each row so far is one leg: its id names its transfer, and its other side is a system account
UPDATE "wallet_transactions" t SET
  "transfer_id" = t."id",
  "transfer_kind" = CASE
    WHEN t."transaction_type" = 'CREDIT' THEN 'DEPOSIT'
    WHEN t."reference" LIKE 'fitment:%' THEN 'ACTIVATION'
    WHEN t."reference" LIKE 'RNW-%' THEN 'RENEWAL'
    ELSE 'WITHDRAWAL' END,
  "counter_wallet_id" = (SELECT w."id" FROM "wallets" w WHERE w."kind" = CASE
    WHEN t."transaction_type" = 'DEBIT' AND (t."reference" LIKE 'fitment:%' OR t."reference" LIKE 'RNW-%') THEN 'REVENUE' ELSE 'BANK' END);--> statement-breakpoint
-- the other legs, with the system accounts' running balances in the order the movements happened
INSERT INTO "wallet_transactions" ("wallet_id", "transaction_type", "amount", "balance_after", "description", "reference", "idempotency_key",
    "transfer_id", "transfer_kind", "counter_wallet_id", "created_by", "created_at")
  SELECT t."counter_wallet_id", CASE t."transaction_type" WHEN 'CREDIT' THEN 'DEBIT' ELSE 'CREDIT' END, t."amount",
    sum(CASE t."transaction_type" WHEN 'CREDIT' THEN -t."amount" ELSE t."amount" END)
      OVER (PARTITION BY t."counter_wallet_id" ORDER BY t."created_at", t."id" ROWS UNBOUNDED PRECEDING),
    t."description", t."reference", 'migrated:' || t."id", t."id", t."transfer_kind", t."wallet_id", t."created_by", t."created_at"
  FROM "wallet_transactions" t WHERE t."counter_wallet_id" IS NOT NULL;--> statement-breakpoint
UPDATE "wallets" w SET "balance" = coalesce((SELECT sum(CASE t."transaction_type" WHEN 'CREDIT' THEN t."amount" ELSE -t."amount" END)
  FROM "wallet_transactions" t WHERE t."wallet_id" = w."id"), 0), "updated_at" = now() WHERE w."kind" <> 'WALLET';--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "transfer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "transfer_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "counter_wallet_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_counter_wallet_id_wallets_id_fk" FOREIGN KEY ("counter_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_transfer_leg_idx" ON "wallet_transactions" USING btree ("transfer_id","transaction_type");--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_kind_check" CHECK ("wallet_transactions"."transfer_kind" IN ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'ACTIVATION', 'RENEWAL'));--> statement-breakpoint
-- Immutable, as before: SET NULL of created_by when a user is deleted is the one change allowed.
CREATE OR REPLACE FUNCTION waymark_wallet_transactions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.created_by IS NULL AND OLD.created_by IS NOT NULL
     AND (NEW.id, NEW.wallet_id, NEW.transaction_type, NEW.amount, NEW.balance_after, NEW.description, NEW.reference, NEW.idempotency_key,
          NEW.transfer_id, NEW.transfer_kind, NEW.counter_wallet_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.wallet_id, OLD.transaction_type, OLD.amount, OLD.balance_after, OLD.description, OLD.reference, OLD.idempotency_key,
          OLD.transfer_id, OLD.transfer_kind, OLD.counter_wallet_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'wallet transactions cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER wallet_transactions_immutable BEFORE UPDATE OR DELETE ON wallet_transactions FOR EACH ROW EXECUTE FUNCTION waymark_wallet_transactions_immutable();--> statement-breakpoint
-- A wallet's organisation never changes (docs/wallet.md), whatever route or statement tries.
CREATE OR REPLACE FUNCTION waymark_wallet_owner_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organisation_id IS DISTINCT FROM OLD.organisation_id OR NEW.kind IS DISTINCT FROM OLD.kind THEN
    RAISE EXCEPTION 'a wallet''s organisation and kind cannot change' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER wallets_owner_fixed BEFORE UPDATE ON wallets FOR EACH ROW EXECUTE FUNCTION waymark_wallet_owner_fixed();--> statement-breakpoint
-- Activations are paid through a date: what was active or approved before is settled up to its expiry.
ALTER TABLE "fitments" ADD COLUMN "paid_through" timestamp with time zone;--> statement-breakpoint
UPDATE "fitments" SET "paid_through" = "expires_on" WHERE "activation_status" <> 'INACTIVE' OR "approved_at" IS NOT NULL;--> statement-breakpoint
-- Prices are inherited (docs/wallet.md): an organisation's 0 saved with its other settings becomes "the parent's price";
-- the provider's own prices become explicit, 0 where it had none, so what was free stays free.
UPDATE "organisations" SET "attributes" = jsonb_set("attributes", '{settings}',
    ("attributes"->'settings') - (CASE WHEN ("attributes"->'settings'->>'priceOneYearPaise')::numeric = 0 THEN 'priceOneYearPaise' ELSE '' END)
      - (CASE WHEN ("attributes"->'settings'->>'priceTwoYearsPaise')::numeric = 0 THEN 'priceTwoYearsPaise' ELSE '' END))
  WHERE "parent_id" IS NOT NULL AND jsonb_typeof("attributes"->'settings') = 'object';--> statement-breakpoint
UPDATE "organisations" SET "attributes" = jsonb_set(coalesce("attributes", '{}'::jsonb), '{settings}',
    jsonb_build_object('priceOneYearPaise', 0, 'priceTwoYearsPaise', 0) || coalesce("attributes"->'settings', '{}'::jsonb))
  WHERE "id" = (SELECT id FROM "organisations" WHERE "parent_id" IS NULL ORDER BY "created_at", "id" LIMIT 1);
