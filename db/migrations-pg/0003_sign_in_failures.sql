CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"last_failure_at" bigint NOT NULL,
	"locked_until" bigint
);
