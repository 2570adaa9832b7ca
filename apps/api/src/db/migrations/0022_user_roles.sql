CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_group" text DEFAULT 'roles' NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id"),
	CONSTRAINT "user_roles_group_roles" CHECK ("user_roles"."role_group" = 'roles')
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_fk" FOREIGN KEY ("role_group","role_id") REFERENCES "public"."options"("group","id") ON DELETE cascade ON UPDATE no action;