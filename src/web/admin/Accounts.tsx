import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { USERNAME_PATTERN, USERNAME_RULE, type AdminRole } from "../../shared/admin/roles.ts";
import type { AccountPasswordAnswer, AccountRow, AccountsAnswer } from "../../shared/api/team.ts";
import { apiGet, apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { LoadError } from "./LoadError.tsx";
import { ROLE_LABELS } from "./role.ts";
import { TableHead } from "./TableHead.tsx";
import { formatDateTime } from "./time.ts";

const CONNECTION = "Please check your connection and try again.";

type Loaded = { state: "loading" } | { state: "loaded"; accounts: AccountRow[] } | { state: "failed"; message: string };

/** A password the server made, shown this once with a copy button; it exists nowhere else. */
function ShownOnce({ username, password, onDone }: { username: string; password: string; onDone: () => void }) {
  const toast = useToast();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      toast({ title: "Password Copied" });
    } catch {
      toast({ title: "Copy Failed", description: "Select the password and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <div ref={box} tabIndex={-1} role="status" className="space-y-2 rounded-lg border border-primary p-4 outline-none" data-testid="account-password">
      <p className="text-sm">
        The password of <span className="font-medium">{username}</span>, shown this once: give it to them in person or over a private channel.
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-muted px-2 py-1 font-mono text-base break-all select-all" data-testid="account-password-value">
          {password}
        </code>
        <button type="button" onClick={copy} className={buttonClass("outline", "sm")}>
          Copy password
        </button>
        <button type="button" onClick={onDone} className={buttonClass("ghost", "sm")}>
          Done
        </button>
      </p>
    </div>
  );
}

/**
 * The team's accounts, for an owner (issue 29): the list, a new writer or owner (the password given, or made by the
 * server and shown once), disable and enable (disabling signs the account out at once), and a password reset (shown
 * once). The server refuses all of it to a writer, who never sees this section.
 */
export function Accounts({ username: me }: { username: string }) {
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [reads, setReads] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ id: number; what: "disable" | "reset" } | null>(null);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<AdminRole>("writer");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(() => setReads((n) => n + 1), []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const answer = await apiGet<AccountsAnswer>("/api/admin/accounts");
        if (!cancelled && answer) setLoaded({ state: "loaded", accounts: answer.accounts });
      } catch (err) {
        if (!cancelled) setLoaded({ state: "failed", message: messageOf(err, "The accounts could not be read.") });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [reads]);

  /** One request; its message as the toast; a password it made is shown once. */
  const run = async (key: string, title: string, method: string, url: string, body?: unknown): Promise<boolean> => {
    setBusy(key);
    try {
      const res = await apiRequest(method, url, body);
      const answer = (await res.json()) as Partial<AccountPasswordAnswer>;
      toast({ title, description: answer.message });
      if (answer.password && answer.account) setShown({ username: answer.account.username, password: answer.password });
      reload();
      return true;
    } catch (err) {
      toast({ title: `${title.split(" ")[0]} Failed`, description: messageOf(err, CONNECTION), variant: "destructive" });
      return false;
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = username.trim();
    if (!USERNAME_PATTERN.test(name)) {
      setError(USERNAME_RULE);
      document.getElementById("account-username")?.focus();
      return;
    }
    setError(undefined);
    if (await run("create", "Account Created", "POST", "/api/admin/accounts", { username: name, role, ...(password ? { password } : {}) })) {
      setUsername("");
      setPassword("");
    }
  };

  return (
    <section aria-labelledby="accounts-heading" className="space-y-4" data-testid="accounts">
      <h2 id="accounts-heading" className="text-xl font-semibold">
        Accounts
      </h2>
      {loaded.state === "loading" && <Spinner label="Loading the accounts..." />}
      {loaded.state === "failed" && <LoadError message={loaded.message} onRetry={reload} />}
      {shown && <ShownOnce {...shown} onDone={() => setShown(null)} />}
      {loaded.state === "loaded" && (
        <div role="region" aria-label="Accounts" tabIndex={0} className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Username", "Role", "Status", "Actions"]} />
            <tbody>
              {loaded.accounts.map((a) => {
                const url = `/api/admin/accounts/${a.id}`;
                const asking = confirming?.id === a.id ? confirming.what : null;
                return (
                  <tr key={a.id} data-account={a.username} className="border-t border-border align-middle">
                    <td className="px-3 py-2 font-medium break-all">{a.username}</td>
                    <td className="px-3 py-2">{ROLE_LABELS[a.role]}</td>
                    <td className="px-3 py-2">{a.disabled_at ? `Disabled ${formatDateTime(a.disabled_at)}` : "Enabled"}</td>
                    <td className="px-3 py-2">
                      {a.username === me ? (
                        <span className="text-muted-foreground">You</span>
                      ) : asking ? (
                        <span className="flex flex-wrap items-center gap-2">
                          <span>{asking === "disable" ? `Sign ${a.username} out and disable?` : `Reset ${a.username}'s password?`}</span>
                          <button
                            type="button"
                            disabled={busy !== null}
                            className={buttonClass("destructive", "sm")}
                            onClick={() => (asking === "disable" ? run(`${a.id}`, "Account Disabled", "PATCH", url, { disabled: true }) : run(`${a.id}`, "Password Reset", "POST", `${url}/password`, {}))}
                          >
                            {asking === "disable" ? "Disable" : "Reset"}
                          </button>
                          <button type="button" className={buttonClass("outline", "sm")} onClick={() => setConfirming(null)}>
                            Cancel
                          </button>
                        </span>
                      ) : (
                        <span className="flex flex-wrap gap-2">
                          {a.disabled_at ? (
                            <button type="button" disabled={busy !== null} className={buttonClass("outline", "sm")} onClick={() => run(`${a.id}`, "Account Enabled", "PATCH", url, { disabled: false })}>
                              Enable <span className="sr-only">{a.username}</span>
                            </button>
                          ) : (
                            <button type="button" disabled={busy !== null} className={buttonClass("outline", "sm")} onClick={() => setConfirming({ id: a.id, what: "disable" })}>
                              Disable <span className="sr-only">{a.username}</span>
                            </button>
                          )}
                          <button type="button" disabled={busy !== null} className={buttonClass("outline", "sm")} onClick={() => setConfirming({ id: a.id, what: "reset" })}>
                            Reset password <span className="sr-only">of {a.username}</span>
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <form onSubmit={create} noValidate aria-labelledby="account-create-heading" className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <h3 id="account-create-heading" className="font-semibold sm:col-span-2 lg:col-span-4">
          New account
        </h3>
        <Field id="account-username" label="Username" error={error} required>
          {(control) => (
            <input {...control} name="username" autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={64} required value={username} onChange={(e) => setUsername(e.target.value)} className={controlClass.input} />
          )}
        </Field>
        <Field id="account-role" label="Role">
          {(control) => (
            <select {...control} name="role" value={role} onChange={(e) => setRole(e.target.value as AdminRole)} className={controlClass.select}>
              <option value="writer">Writer: writes and sends</option>
              <option value="owner">Owner: also refunds, customer data, accounts</option>
            </select>
          )}
        </Field>
        <Field id="account-password" label="Password (optional)" hint="12 to 256 characters; leave empty for a strong one, shown once.">
          {(control) => <input {...control} name="new-password" type="password" autoComplete="new-password" maxLength={256} value={password} onChange={(e) => setPassword(e.target.value)} className={controlClass.input} />}
        </Field>
        <button type="submit" disabled={busy !== null} className={buttonClass("primary", "md")}>
          {busy === "create" ? "Creating..." : "Create account"}
        </button>
      </form>
    </section>
  );
}
