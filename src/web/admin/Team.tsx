import { Accounts } from "./Accounts.tsx";
import { ChangePassword } from "./ChangePassword.tsx";
import { ROLE_LABELS, useRole } from "./role.ts";
import { Throughput } from "./Throughput.tsx";

/** The signed-in account's role, beside its name in the dashboard's header. */
export function RoleBadge() {
  return (
    <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-foreground" data-testid="role-badge">
      {ROLE_LABELS[useRole()]}
    </span>
  );
}

/**
 * The dashboard's team sections under the list (issue 29): the throughput for everyone, the accounts for an owner,
 * and "Change my password" for everyone. `reads`: the dashboard's read counter, so the throughput follows a Refresh.
 */
export function Team({ username, reads }: { username: string; reads: number }) {
  const owner = useRole() === "owner";
  return (
    <div className="mt-10 space-y-10">
      <Throughput reads={reads} />
      {owner && <Accounts username={username} />}
      <ChangePassword />
    </div>
  );
}
