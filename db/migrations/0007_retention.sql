CREATE TABLE `deletions` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_key` text NOT NULL,
	`reason` text NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted` text NOT NULL,
	`kept_orders` text NOT NULL,
	`receipt_to` text,
	`receipt_sent_at` integer,
	`receipt_message_id` text
);
--> statement-breakpoint
CREATE INDEX `deletions_profile_idx` ON `deletions` (`profile_key`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `photos_deleted_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `text_cleared_at` integer;