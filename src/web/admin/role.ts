import { createContext, useContext } from "react";
import type { AdminRole } from "../../shared/admin/roles.ts";
import type { AdminAction } from "./types.ts";

/**
 * The signed-in account's role (src/shared/admin/roles.ts), provided by the dashboard: a writer is not shown an owner's
 * controls (refund, the customer's data, the accounts). The server refuses them to a writer all the same
 * (src/admin/guard.ts `requireOwner`); hiding them only spares the writer a button that cannot work. Without a
 * provider, the least: a writer.
 */
export const RoleContext = createContext<AdminRole>("writer");

export const useRole = (): AdminRole => useContext(RoleContext);

/** The profile's actions this account is offered: all of them for an owner; no refund for a writer. */
export function useOfferedActions(actions: readonly AdminAction[]): AdminAction[] {
  const role = useRole();
  return role === "owner" ? [...actions] : actions.filter((a) => a !== "refund");
}

export const ROLE_LABELS: Record<AdminRole, string> = { owner: "Owner", writer: "Writer" };
