CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`admin` text,
	`action` text NOT NULL,
	`profile_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `admin_audit_profile_idx` ON `admin_audit` (`profile_id`,`at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_reference` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
CREATE INDEX `profiles_deadline_idx` ON `profiles` (`email_sent`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `profiles_email_idx` ON `profiles` (`email`);