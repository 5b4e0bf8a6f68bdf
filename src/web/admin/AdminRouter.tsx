import { createContext, lazy, Suspense, useContext, useEffect, useRef, type ReactNode } from "react";
import { BrowserRouter, Link, matchPath, Outlet, Route, Routes, useLocation, useNavigate } from "react-router";
import type { AdminRole } from "../../shared/admin/roles.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { installLeaveGuard } from "./leave-guard.ts";
import { ADMIN_PATHS, ADMIN_TITLES, isOverList, type OverList } from "./paths.ts";
import { RoleContext } from "./role.ts";

// Before any router of this module listens to the history: the review dialog's hold on Back comes first.
installLeaveGuard();

/** Its own chunk: the dashboard's first load does not fetch it. */
const Outcomes = lazy(() => import("./Outcomes.tsx").then((m) => ({ default: m.Outcomes })));

/** Who is signed in, for the routes' pages (src/web/pages/Admin.tsx draws the router only once someone is). */
export interface AdminSession {
  username: string;
  role: AdminRole;
  /** Signed in just now: the dashboard's heading takes the focus from the form that had it. */
  focus: boolean;
  onSignedOut: () => void;
}

const SessionContext = createContext<AdminSession | null>(null);

function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAdminSession outside the admin router");
  return session;
}

/**
 * The admin area's URLs once signed in (issue 31, item 3; docs/decisions/146-admin-urls.md): /admin the dashboard,
 * /admin/profiles/:id the dashboard with that profile's review dialog over it, /admin/outcomes. The server serves the
 * same document for each (src/web/routes.tsx); what the dialog shows is read from the API, never from the path.
 * Declarative routes: the data router's 17 KB more would take a profile's link over the area's budget, and its one
 * use here, holding Back while text is unsaved, is the review dialog's own (./leave-guard.ts).
 */
export function AdminRouter(session: AdminSession) {
  return (
    <SessionContext.Provider value={session}>
      <RoleContext.Provider value={session.role}>
        <BrowserRouter>
          <ListUnderProfile>
            <Routes>
              <Route element={<AdminLayout />}>
                <Route path={ADMIN_PATHS.dashboard} element={<DashboardRoute />}>
                  <Route path="profiles/:id" element={null} />
                </Route>
                <Route path={ADMIN_PATHS.outcomes} element={<Outcomes />} />
                <Route path="*" element={<AdminNotFound />} />
              </Route>
            </Routes>
          </ListUnderProfile>
        </BrowserRouter>
      </RoleContext.Provider>
    </SessionContext.Provider>
  );
}

/**
 * A profile's link opened from elsewhere (pasted, or signed in again on it): the list goes under it in the history
 * first, so Back closes the dialog here too and Close is that same step back. Its routes are drawn once the address
 * is the profile's again, over the list.
 */
function ListUnderProfile({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onProfile = matchPath(ADMIN_PATHS.profile, location.pathname) !== null;
  const landed = useRef(onProfile && !isOverList(location.state));
  // A passive effect: the router listens to the history from its own layout effect, which runs after this one's would.
  useEffect(() => {
    if (!landed.current) return;
    const { pathname, search } = location;
    navigate({ pathname: ADMIN_PATHS.dashboard, search }, { replace: true });
    navigate({ pathname, search }, { state: { overList: true } satisfies OverList });
    // Once: the location read here is the landing's.
  }, []);
  if (landed.current && !(onProfile && isOverList(location.state))) return <Spinner label="Opening the profile..." />;
  landed.current = false;
  return children;
}

/**
 * Around every admin route: the tab's title follows the page, and a move to another page of the area (the dashboard,
 * Outcomes) puts the focus on its heading, as a new document would have it.
 */
function AdminLayout() {
  const { pathname } = useLocation();
  const page = matchPath(ADMIN_PATHS.outcomes, pathname) ? "outcomes" : matchPath(ADMIN_PATHS.profile, pathname) ? "profile" : "dashboard";
  const first = useRef(true);
  useEffect(() => {
    document.title = ADMIN_TITLES[page];
  }, [page]);
  const section = page === "outcomes" ? "outcomes" : "dashboard";
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The page's heading is drawn once its chunk is in: wait for it (a frame at a time, a few seconds at most).
    let frames = 0;
    let id = requestAnimationFrame(function focus() {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading && heading.dataset.adminPage === section) heading.focus();
      else if (frames++ < 300) id = requestAnimationFrame(focus);
    });
    return () => cancelAnimationFrame(id);
  }, [section]);
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <Outlet />
    </Suspense>
  );
}

function DashboardRoute() {
  const session = useAdminSession();
  return <Dashboard username={session.username} focusHeading={session.focus} onSignedOut={session.onSignedOut} />;
}

/** A path of the admin area that is none of its pages (the server serves only those; a link within could be old). */
function AdminNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-2 text-muted-foreground">The admin area has no page at this address.</p>
      <Link to={ADMIN_PATHS.dashboard} className={buttonClass("outline", "sm", "mt-4")}>
        Back to the dashboard
      </Link>
    </div>
  );
}
