import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { LoadError } from "../admin/LoadError.tsx";
import { LoginForm } from "../admin/LoginForm.tsx";
import type { AuthStatus } from "../admin/types.ts";
import type { AdminRole } from "../../shared/admin/roles.ts";
import { apiGet, messageOf } from "../api.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";
import { Toaster } from "../shell/Toaster.tsx";

/**
 * Its own chunk, with react-router and the dashboard: a signed-out visit (the login form) fetches neither. The
 * router starts once someone is signed in, so the sign-in form answers every admin URL and, signed in, the URL's page
 * opens (docs/decisions/146-admin-urls.md).
 */
const AdminRouter = lazy(() => import("../admin/AdminRouter.tsx").then((m) => ({ default: m.AdminRouter })));

type Session =
  | { state: "checking" }
  | { state: "failed"; message: string }
  /** `focus`: the form takes the focus (after signing out), not on a first visit. */
  | { state: "signed-out"; focus: boolean }
  /** `focus`: the dashboard takes the focus (after signing in: the form that had it is gone), not on a visit. */
  | { state: "signed-in"; username: string; role: AdminRole; focus: boolean };

/**
 * /admin and every address under it: the login form when signed out, the admin's router when signed in (spec sections
 * 2 and 6). The session is asked for on load, in the browser only, so the server's markup is the same for everyone and
 * every admin URL and holds nothing of the admin's. The toaster is drawn here, not by the shell: the admin is a bundle
 * of its own (docs/decisions/145-admin-bundle-of-its-own.md), with its own copy of the toast store.
 */
export function AdminPage() {
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
  const signedOut = useCallback(() => setSession({ state: "signed-out", focus: true }), []);

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
          <AdminRouter username={session.username} role={session.role} focus={session.focus} onSignedOut={signedOut} />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const AdminIsland = island("AdminIsland", AdminPage);
