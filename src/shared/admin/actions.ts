/** What an administrator may do to a profile (src/admin/actions.ts does them); the review dialog names its buttons by these. */
export const ADMIN_ACTIONS = ["send-email", "regenerate", "recover", "process-revision", "refund"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
