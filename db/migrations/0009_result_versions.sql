CREATE TABLE `result_releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`profile_id` text NOT NULL,
	`version_id` integer NOT NULL,
	`released_at` integer NOT NULL,
	`message_id` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `result_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `result_releases_profile_idx` ON `result_releases` (`profile_id`,`id`);--> statement-breakpoint
CREATE TABLE `result_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`profile_id` text NOT NULL,
	`parent_id` integer,
	`kind` text NOT NULL,
	`author` text,
	`result` text,
	`changed` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `result_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `result_versions_profile_idx` ON `result_versions` (`profile_id`,`id`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `working_version_id` integer REFERENCES result_versions(id);--> statement-breakpoint
ALTER TABLE `profiles` ADD `draft_version_id` integer REFERENCES result_versions(id);--> statement-breakpoint
-- Carrying every profile's result across (README, Design decisions, "Results are versions"): the released result,
-- the working result (the same version when it is the one released) and a waiting draft become versions; the
-- release points at its version; a results e-mail still queued names the working version instead of a time.
CREATE TEMP TABLE `__carried` (`profile_id` text NOT NULL, `role` text NOT NULL, `version_id` integer NOT NULL);--> statement-breakpoint
INSERT INTO `result_versions` (`profile_id`, `parent_id`, `kind`, `author`, `result`, `changed`, `created_at`)
	SELECT `id`, NULL, 'migrated', NULL, json_extract(`released_result`, '$.optimization'), '[]',
		coalesce(`email_sent_at`, `optimized_at`, `updated_at`)
	FROM `profiles`
	WHERE json_valid(`released_result`) AND json_type(`released_result`, '$.optimization') = 'object'
	ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT INTO `__carried` SELECT `profile_id`, 'released', `id` FROM `result_versions`;--> statement-breakpoint
-- The working result is the released one when it was sent, or unchanged since: no second copy.
INSERT INTO `__carried`
	SELECT p.`id`, 'working', c.`version_id` FROM `profiles` p JOIN `__carried` c ON c.`profile_id` = p.`id` AND c.`role` = 'released'
	WHERE p.`email_sent` = 1 OR (json_valid(p.`optimization`) AND json(p.`optimization`) = json(json_extract(p.`released_result`, '$.optimization')));--> statement-breakpoint
-- Which parts differ between two results, as the history names them (src/shared/optimiser/parts.ts, changedParts).
INSERT INTO `result_versions` (`profile_id`, `parent_id`, `kind`, `author`, `result`, `changed`, `created_at`)
	SELECT p.`id`, r.`version_id`, 'migrated', NULL, json(p.`optimization`),
		CASE WHEN r.`version_id` IS NULL THEN '[]' ELSE (
			SELECT json_group_array(k) FROM (
				SELECT 'bio' AS k WHERE json_extract(p.`optimization`, '$.bio.optimised') IS NOT json_extract(p.`released_result`, '$.optimization.bio.optimised')
				UNION ALL SELECT 'prompt1' WHERE json_extract(p.`optimization`, '$.prompts[0].optimised') IS NOT json_extract(p.`released_result`, '$.optimization.prompts[0].optimised')
				UNION ALL SELECT 'prompt2' WHERE json_extract(p.`optimization`, '$.prompts[1].optimised') IS NOT json_extract(p.`released_result`, '$.optimization.prompts[1].optimised')
				UNION ALL SELECT 'prompt3' WHERE json_extract(p.`optimization`, '$.prompts[2].optimised') IS NOT json_extract(p.`released_result`, '$.optimization.prompts[2].optimised')
				UNION ALL SELECT 'starters' WHERE json_extract(p.`optimization`, '$.conversationStarters') IS NOT json_extract(p.`released_result`, '$.optimization.conversationStarters')
				UNION ALL SELECT 'guide' WHERE json_extract(p.`optimization`, '$.strategyGuide') IS NOT json_extract(p.`released_result`, '$.optimization.strategyGuide')
				UNION ALL SELECT 'recommendations' WHERE json_extract(p.`optimization`, '$.editorial.recommendations') IS NOT json_extract(p.`released_result`, '$.optimization.editorial.recommendations')
					OR json_extract(p.`optimization`, '$.analysis') IS NOT json_extract(p.`released_result`, '$.optimization.analysis')
			)
		) END,
		coalesce(p.`optimized_at`, p.`updated_at`)
	FROM `profiles` p LEFT JOIN `__carried` r ON r.`profile_id` = p.`id` AND r.`role` = 'released'
	WHERE json_valid(p.`optimization`) AND json_type(p.`optimization`) = 'object'
		AND NOT EXISTS (SELECT 1 FROM `__carried` w WHERE w.`profile_id` = p.`id` AND w.`role` = 'working')
	ORDER BY p.`created_at`, p.`id`;--> statement-breakpoint
INSERT INTO `__carried` SELECT `profile_id`, 'working', `id` FROM `result_versions` WHERE `id` NOT IN (SELECT `version_id` FROM `__carried`);--> statement-breakpoint
INSERT INTO `result_versions` (`profile_id`, `parent_id`, `kind`, `author`, `result`, `changed`, `created_at`)
	SELECT p.`id`, w.`version_id`, 'rerun', NULL, json(p.`draft_optimization`),
		(
			SELECT json_group_array(k) FROM (
				SELECT 'bio' AS k WHERE json_extract(p.`draft_optimization`, '$.bio.optimised') IS NOT json_extract(p.`optimization`, '$.bio.optimised')
				UNION ALL SELECT 'prompt1' WHERE json_extract(p.`draft_optimization`, '$.prompts[0].optimised') IS NOT json_extract(p.`optimization`, '$.prompts[0].optimised')
				UNION ALL SELECT 'prompt2' WHERE json_extract(p.`draft_optimization`, '$.prompts[1].optimised') IS NOT json_extract(p.`optimization`, '$.prompts[1].optimised')
				UNION ALL SELECT 'prompt3' WHERE json_extract(p.`draft_optimization`, '$.prompts[2].optimised') IS NOT json_extract(p.`optimization`, '$.prompts[2].optimised')
				UNION ALL SELECT 'starters' WHERE json_extract(p.`draft_optimization`, '$.conversationStarters') IS NOT json_extract(p.`optimization`, '$.conversationStarters')
				UNION ALL SELECT 'guide' WHERE json_extract(p.`draft_optimization`, '$.strategyGuide') IS NOT json_extract(p.`optimization`, '$.strategyGuide')
				UNION ALL SELECT 'recommendations' WHERE json_extract(p.`draft_optimization`, '$.editorial.recommendations') IS NOT json_extract(p.`optimization`, '$.editorial.recommendations')
					OR json_extract(p.`draft_optimization`, '$.analysis') IS NOT json_extract(p.`optimization`, '$.analysis')
			)
		),
		coalesce(p.`optimized_at`, p.`updated_at`)
	FROM `profiles` p JOIN `__carried` w ON w.`profile_id` = p.`id` AND w.`role` = 'working'
	WHERE json_valid(p.`draft_optimization`) AND json_type(p.`draft_optimization`) = 'object'
	ORDER BY p.`created_at`, p.`id`;--> statement-breakpoint
INSERT INTO `__carried` SELECT `profile_id`, 'draft', `id` FROM `result_versions` WHERE `id` NOT IN (SELECT `version_id` FROM `__carried`);--> statement-breakpoint
UPDATE `profiles` SET
	`working_version_id` = (SELECT `version_id` FROM `__carried` c WHERE c.`profile_id` = `profiles`.`id` AND c.`role` = 'working'),
	`draft_version_id` = (SELECT `version_id` FROM `__carried` c WHERE c.`profile_id` = `profiles`.`id` AND c.`role` = 'draft');--> statement-breakpoint
INSERT INTO `result_releases` (`profile_id`, `version_id`, `released_at`, `message_id`)
	SELECT p.`id`, c.`version_id`, coalesce(p.`email_sent_at`, p.`updated_at`), p.`email_message_id`
	FROM `profiles` p JOIN `__carried` c ON c.`profile_id` = p.`id` AND c.`role` = 'released'
	ORDER BY p.`created_at`, p.`id`;--> statement-breakpoint
-- A results e-mail on its way named its result by `optimized_at`; it now names the working version.
UPDATE `jobs` SET
	`payload` = json_object('profileId', p.`id`, 'versionId', p.`working_version_id`),
	`idempotency_key` = 'mail:results:' || p.`id` || ':v' || p.`working_version_id` || ':r' || (SELECT count(*) FROM `result_releases` r WHERE r.`profile_id` = p.`id`)
	FROM `profiles` p
	WHERE `jobs`.`kind` = 'mail:results' AND `jobs`.`status` IN ('queued', 'running')
		AND json_extract(`jobs`.`payload`, '$.profileId') = p.`id` AND json_extract(`jobs`.`payload`, '$.resultAt') = p.`optimized_at`
		AND p.`working_version_id` IS NOT NULL;--> statement-breakpoint
-- One queued for a result replaced since would have sent nothing.
UPDATE `jobs` SET `status` = 'done', `last_error` = 'result replaced before the migration to result versions; not sent'
	WHERE `kind` = 'mail:results' AND `status` IN ('queued', 'running') AND json_type(`payload`, '$.versionId') IS NULL;--> statement-breakpoint
DROP TABLE `__carried`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `optimized_profile`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `recommendations`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `optimization`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `optimized_at`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `released_result`;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `draft_optimization`;