CREATE TABLE "review_events" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"series" text NOT NULL,
	"sample_key" text NOT NULL,
	"feedback_key" text,
	"round_key" text,
	"account_key" text,
	"what" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"series" text NOT NULL,
	"sample_key" text NOT NULL,
	"number" integer NOT NULL,
	"due" text NOT NULL,
	"started_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" text,
	"ended" timestamp with time zone,
	"outcome" text,
	"summary" text
);
--> statement-breakpoint
CREATE TABLE "sample_feedback" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"series" text NOT NULL,
	"sample_key" text NOT NULL,
	"raised_on" text NOT NULL,
	"target" text NOT NULL,
	"target_id" text NOT NULL,
	"label" text NOT NULL,
	"assignee_key" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"round_key" text,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_sample_key_references_key_fk" FOREIGN KEY ("sample_key") REFERENCES "public"."references"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_feedback_key_sample_feedback_key_fk" FOREIGN KEY ("feedback_key") REFERENCES "public"."sample_feedback"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_round_key_review_rounds_key_fk" FOREIGN KEY ("round_key") REFERENCES "public"."review_rounds"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_sample_key_references_key_fk" FOREIGN KEY ("sample_key") REFERENCES "public"."references"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_started_by_accounts_key_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_ended_by_accounts_key_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_feedback" ADD CONSTRAINT "sample_feedback_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_feedback" ADD CONSTRAINT "sample_feedback_sample_key_references_key_fk" FOREIGN KEY ("sample_key") REFERENCES "public"."references"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_feedback" ADD CONSTRAINT "sample_feedback_assignee_key_accounts_key_fk" FOREIGN KEY ("assignee_key") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_feedback" ADD CONSTRAINT "sample_feedback_round_key_review_rounds_key_fk" FOREIGN KEY ("round_key") REFERENCES "public"."review_rounds"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_feedback" ADD CONSTRAINT "sample_feedback_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_events_sample_idx" ON "review_events" USING btree ("sample_key","created");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_open_idx" ON "review_rounds" USING btree ("series") WHERE "review_rounds"."ended" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_number_idx" ON "review_rounds" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_feedback_target_idx" ON "sample_feedback" USING btree ("series","target","target_id");--> statement-breakpoint
CREATE INDEX "sample_feedback_series_idx" ON "sample_feedback" USING btree ("series","state");--> statement-breakpoint
CREATE INDEX "sample_feedback_assignee_idx" ON "sample_feedback" USING btree ("assignee_key","state");