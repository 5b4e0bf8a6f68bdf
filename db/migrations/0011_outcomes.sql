CREATE TABLE `outcomes` (
	`profile_id` text PRIMARY KEY NOT NULL,
	`before_matches` integer,
	`before_declined` integer DEFAULT false NOT NULL,
	`before_answered_at` integer,
	`profile_updated_at` integer,
	`follow_up_sent_at` integer,
	`follow_up_expires_at` integer,
	`opted_out_at` integer,
	`after_matches` integer,
	`parts_used` text,
	`bio_version` text,
	`rating` integer,
	`comment` text,
	`after_answered_at` integer,
	`after_updated_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outcomes_after_idx` ON `outcomes` (`after_answered_at`);