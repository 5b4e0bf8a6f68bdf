/**
 * The admin API's answers as the dashboard reads them: declared in src/shared/api and annotated on the routes' answers
 * (src/api/admin-profiles.ts, src/api/admin.ts), so a changed answer breaks the typecheck, not the dashboard.
 */
export type { AdminAction } from "../../shared/admin/actions.ts";
export type { AuthStatus } from "../../shared/api/admin.ts";
export type {
  AdminListAnswer,
  AdminListRow,
  AdminPhoto,
  AdminProfileDetail,
  AuditEntry,
  HistoryEntry,
  PartConflict,
  PartsConflictAnswer,
  PremiumOptimizedProfile,
  VersionAnswer,
} from "../../shared/api/admin-profiles.ts";
