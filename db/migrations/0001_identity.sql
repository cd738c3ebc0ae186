CREATE TABLE "invites" (
	"key" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"brand_key" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"job_type" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"team_key" text,
	"title" text,
	"department" text,
	"employee_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_key" text NOT NULL,
	"account_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"model_id" text NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_job_type" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "assets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_accounts_key_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_key_teams_key_fk" FOREIGN KEY ("team_key") REFERENCES "public"."teams"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_idx" ON "invites" USING btree ("token");--> statement-breakpoint
CREATE INDEX "invites_brand_idx" ON "invites" USING btree ("brand_key","status");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_idx" ON "team_members" USING btree ("team_key","account_key");--> statement-breakpoint
CREATE INDEX "team_members_account_idx" ON "team_members" USING btree ("account_key");--> statement-breakpoint
CREATE INDEX "teams_brand_idx" ON "teams" USING btree ("brand_key");--> statement-breakpoint
CREATE INDEX "teams_model_idx" ON "teams" USING btree ("model","model_id");