-- Notifications written before the live push existed are not pushed again at the first start.
UPDATE "notifications" SET "pushed_at" = "created_at" WHERE "pushed_at" IS NULL;
