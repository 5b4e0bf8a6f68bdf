import { lazy, Suspense, useEffect, useState } from "react";
import { LoadError } from "../admin/LoadError.tsx";
import { LoginForm } from "../admin/LoginForm.tsx";
import { RoleContext } from "../admin/role.ts";
import type { AuthStatus } from "../admin/types.ts";
import type { AdminRole } from "../../shared/admin/roles.ts";
import { apiGet, messageOf } from "../api.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

/** Its own chunk: a signed-out visit (the login form) never downloads the dashboard. */
const Dashboard = lazy(() => import("../admin/Dashboard.tsx").then((m) => ({ default: m.Dashboard })));
/** /admin/outcomes (issue 32): its own chunk too. */
const Outcomes = lazy(() => import("../admin/Outcomes.tsx").then((m) => ({ default: m.Outcomes })));

type Session =
  | { state: "checking" }
  | { state: "failed"; message: string }
  /** `focus`: the form takes the focus (after signing out), not on a first visit. */
  | { state: "signed-out"; focus: boolean }
  /** `focus`: the dashboard takes the focus (after signing in: the form that had it is gone), not on a visit. */
  | { state: "signed-in"; username: string; role: AdminRole; focus: boolean };

/**
 * /admin: the login form when signed out, the dashboard when signed in (spec sections 2 and 6). The session is asked
 * for on load, in the browser only, so the server's markup is the same for everyone and holds nothing of the admin's.
 */
export function AdminPage({ view = "dashboard" }: { view?: "dashboard" | "outcomes" }) {
  const [session, setSession] = useState<Session>({ state: "checking" });
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const status = await apiGet<AuthStatus>("/api/admin/auth-status", { on401: "returnNull" });
        if (cancelled) return;
        setSession(status?.authenticated ? { state: "signed-in", username: status.username ?? "", role: status.role ?? "writer", focus: false } : { state: "signed-out", focus: false });
      } catch (err) {
        if (!cancelled) setSession({ state: "failed", message: messageOf(err, "The server could not be reached.") });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [checks]);

  return (
    <>
      {session.state === "checking" && <Spinner label="Checking your session..." />}
      {session.state === "failed" && (
        <LoadError
          message={session.message}
          onRetry={() => {
            setSession({ state: "checking" });
            setChecks((n) => n + 1);
          }}
        />
      )}
      {session.state === "signed-out" && <LoginForm focusHeading={session.focus} onSignedIn={(username, role) => setSession({ state: "signed-in", username, role, focus: true })} />}
      {session.state === "signed-in" && (
        <Suspense fallback={<Spinner label="Loading the dashboard..." />}>
          <RoleContext.Provider value={session.role}>
            {view === "outcomes" ? (
              <Outcomes />
            ) : (
              <Dashboard username={session.username} focusHeading={session.focus} onSignedOut={() => setSession({ state: "signed-out", focus: true })} />
            )}
          </RoleContext.Provider>
        </Suspense>
      )}
    </>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const AdminIsland = island("AdminIsland", AdminPage);
