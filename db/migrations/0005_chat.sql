CREATE TABLE "conversation_members" (
	"conversation_key" text NOT NULL,
	"account_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"model" text,
	"model_key" text,
	"pair_key" text,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"conversation_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"sender_key" text,
	"text" text NOT NULL,
	"client_key" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_key_conversations_key_fk" FOREIGN KEY ("conversation_key") REFERENCES "public"."conversations"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_key_conversations_key_fk" FOREIGN KEY ("conversation_key") REFERENCES "public"."conversations"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_key_accounts_key_fk" FOREIGN KEY ("sender_key") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_members_idx" ON "conversation_members" USING btree ("conversation_key","account_key");--> statement-breakpoint
CREATE INDEX "conversation_members_account_idx" ON "conversation_members" USING btree ("account_key","brand_key");--> statement-breakpoint
CREATE INDEX "conversations_brand_idx" ON "conversations" USING btree ("brand_key","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("brand_key","pair_key") WHERE "conversations"."pair_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_object_idx" ON "conversations" USING btree ("model","model_key") WHERE "conversations"."model" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_key_idx" ON "messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_key","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key_idx" ON "messages" USING btree ("sender_key","client_key") WHERE "messages"."client_key" is not null;