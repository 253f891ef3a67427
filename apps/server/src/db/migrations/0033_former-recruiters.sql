ALTER TABLE "users" ADD COLUMN "removed_from_company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_from_company_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_removed_from_company_id_companies_id_fk" FOREIGN KEY ("removed_from_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;