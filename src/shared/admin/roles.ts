/**
 * The team's two kinds of account (issue 29, item 1). An owner does everything; a writer reads, writes, previews,
 * sends, processes revisions and regenerates, but cannot refund, erase or export a customer's data, manage accounts
 * or change settings. The server refuses a writer each owner-only route with 403 (src/admin/guard.ts `requireOwner`);
 * the dashboard hides those controls from a writer, reading the role from here.
 *
 * Pure and free of server imports: the dashboard and the API share these rules.
 */
export const ADMIN_ROLES = ["owner", "writer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The actions only an owner may take, each named as the 403's message says it: "Only an owner can <what>." */
export const OWNER_ONLY = {
  refund: "refund an order",
  erase: "erase a customer's data",
  export: "export a customer's data",
  accounts: "manage the team's accounts",
  settings: "change the settings",
} as const;
export type OwnerOnlyAction = keyof typeof OWNER_ONLY;

export function ownerOnlyMessage(action: OwnerOnlyAction): string {
  return `Only an owner can ${OWNER_ONLY[action]}.`;
}

/**
 * A new account's username, as the accounts screen and its API accept it: 1 to 64 letters, digits and `.`, `_`, `-`,
 * `@`, starting with a letter or digit. Plain enough to show in the audit trail, the list's "Sam is writing this"
 * and a shell command. Names made before (by scripts/admin-user.ts or ADMIN_USERNAME) are kept as they are.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const USERNAME_RULE = "A username is 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.";
