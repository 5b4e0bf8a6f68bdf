ALTER TABLE `profiles` ADD `optimization` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `optimized_at` integer;