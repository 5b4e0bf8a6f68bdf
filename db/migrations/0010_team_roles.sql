CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`profile_id` text,
	`admin` text NOT NULL,
	`plan_id` text,
	`claimed_at` integer,
	`active_at` integer NOT NULL,
	`lapses_at` integer NOT NULL,
	`ended_at` integer,
	`end_reason` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_open_idx` ON `claims` (`profile_id`) WHERE "claims"."ended_at" is null;--> statement-breakpoint
CREATE INDEX `claims_ended_idx` ON `claims` (`ended_at`);--> statement-breakpoint
-- Roles (issue 29): every account made before them could do everything, so each becomes an enabled owner.
ALTER TABLE `users` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;