-- The wallet's ledger: every credit and debit is one immutable row, written in the same transaction as the balance it moves.
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_type_check" CHECK ("transaction_type" IN ('CREDIT', 'DEBIT')),
	CONSTRAINT "wallet_transactions_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "wallet_transactions_balance_after_check" CHECK ("balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_idx" ON "wallet_transactions" USING btree ("wallet_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transactions_wallet_created_idx" ON "wallet_transactions" USING btree ("wallet_id","created_at");--> statement-breakpoint
-- a balance held before the ledger existed opens it, so the ledger always sums to the balance
INSERT INTO "wallet_transactions" ("wallet_id", "transaction_type", "amount", "balance_after", "description", "idempotency_key", "created_at")
  SELECT "id", 'CREDIT', "balance", "balance", 'Opening balance', 'opening-balance', "updated_at" FROM "wallets" WHERE "balance" > 0;--> statement-breakpoint
UPDATE "wallets" SET "balance" = 0 WHERE "balance" < 0;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_check" CHECK ("balance" >= 0);--> statement-breakpoint
-- Immutable: a correction is a new movement, never an edit. SET NULL of created_by when a user is deleted is the one change allowed.
CREATE OR REPLACE FUNCTION waymark_wallet_transactions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.created_by IS NULL AND OLD.created_by IS NOT NULL
     AND (NEW.id, NEW.wallet_id, NEW.transaction_type, NEW.amount, NEW.balance_after, NEW.description, NEW.reference, NEW.idempotency_key, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.wallet_id, OLD.transaction_type, OLD.amount, OLD.balance_after, OLD.description, OLD.reference, OLD.idempotency_key, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'wallet transactions cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER wallet_transactions_immutable BEFORE UPDATE OR DELETE ON wallet_transactions FOR EACH ROW EXECUTE FUNCTION waymark_wallet_transactions_immutable();
