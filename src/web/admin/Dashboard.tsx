import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useMatch, useNavigate, useSearchParams } from "react-router";
import { ADMIN_STATES, FILTER_STATES, MOVING_STATES, type AdminState } from "../../shared/admin/states.ts";
import { ApiRequestError, apiGet, apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass } from "../ui/field.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { STATE_LABELS } from "./badges.tsx";
import { LoadError } from "./LoadError.tsx";
import { ProfileTable, REVIEWABLE } from "./ProfileTable.tsx";
import type { AdminListAnswer, AdminProfileDetail } from "./types.ts";
import type { NextAnswer } from "./NextProfile.tsx";
import { RoleBadge, Team } from "./Team.tsx";
import { useRereadWhileMoving } from "./use-reread.ts";
import { ADMIN_PATHS, isOverList, plausibleId, profilePath, type OverList } from "./paths.ts";

/** Its own chunk, fetched at the first Review: the page's first load carries only the sign-in and the list. */
const ReviewDialog = lazy(() => import("./ReviewDialog.tsx").then((m) => ({ default: m.ReviewDialog })));

/** Spec: the filter buttons, in the spec's order; the value is the API's `status`. */
const FILTERS = [
  { label: "All", status: "" },
  { label: "Pending", status: "pending" },
  { label: "Processing", status: "processing" },
  { label: "Completed", status: "completed" },
  { label: "Failed", status: "failed" },
  { label: "Revision Requests", status: "revision_requested" },
] as const;

type Filter = (typeof FILTERS)[number]["status"];

const MOVING = new Set<AdminState>(MOVING_STATES);

type List = { state: "loading" } | { state: "loaded"; data: AdminListAnswer } | { state: "failed"; message: string };

/**
 * The view lives in the address (?status=&state=&mine=&q=&page=), so a reload or a shared link shows the same list. One
 * filter at a time: a status (the spec's buttons) or a state (what the admin has to do); "Mine" (the profiles one
 * holds a claim on, issue 29) narrows either.
 */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status") ?? "";
  const status: Filter = FILTERS.some((f) => f.status === raw) ? (raw as Filter) : "";
  const rawState = params.get("state") ?? "";
  const state: AdminState | "" = !status && (ADMIN_STATES as readonly string[]).includes(rawState) ? (rawState as AdminState) : "";
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const mine = params.get("mine") === "true";
  const set = useCallback(
    (next: { status?: Filter; state?: AdminState | ""; q: string; page: number; mine?: boolean }) => {
      const out = new URLSearchParams();
      if (next.status) out.set("status", next.status);
      else if (next.state) out.set("state", next.state);
      if (next.mine) out.set("mine", "true");
      if (next.q) out.set("q", next.q);
      if (next.page > 1) out.set("page", String(next.page));
      setParams(out, { replace: true });
    },
    [setParams],
  );
  return { status, state, q, page, mine, set };
}

/**
 * The signed-in dashboard (spec section 2, issue 11): counts, filters, search, the profiles most urgent first, and the
 * review dialog. Beside the spec's filters and counts, the states the admin acts on (issue 20, item 4), each a filter
 * with its count. The list is read when the view changes, after every change an administrator makes, and on Refresh;
 * and, while it shows work the machine is doing (a profile being optimised, an e-mail on its way), again every few
 * seconds while the tab is visible, so "Sending" turns to "Sent" without a reload (./use-reread.ts).
 */
export function Dashboard({ username, focusHeading = false, onSignedOut }: { username: string; focusHeading?: boolean; onSignedOut: () => void }) {
  const toast = useToast();
  const query = useListQuery();
  const [list, setList] = useState<List>({ state: "loading" });
  const [refreshing, setRefreshing] = useState(false);
  const [reads, setReads] = useState(0);
  // The profile in the review dialog is the address's (/admin/profiles/:id, docs/decisions/146-admin-urls.md); its
  // detail when the queue answered it already (no second read).
  const reviewing = useMatch(ADMIN_PATHS.profile)?.params.id ?? null;
  const given = useRef<AdminProfileDetail | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  /** What the last profile link found instead of a profile ("Profile not found"), shown above the list. */
  const [missing, setMissing] = useState<{ message: string } | null>(null);
  /**
   * Opens a profile's dialog: its address, over the list's (the same query, so the list behind stays as it was).
   * From the list it is a new history entry, which Back closes; from the dialog (Next, the next row) it takes the
   * dialog's place.
   */
  const openProfile = useCallback(
    (id: string, detail?: AdminProfileDetail) => {
      given.current = detail ?? null;
      setMissing(null);
      const inDialog = reviewing !== null;
      navigate({ pathname: profilePath(id), search: location.search }, { replace: inDialog, state: { overList: true } satisfies OverList });
    },
    [navigate, location.search, reviewing],
  );
  /** Back to the list: the step back to its entry when the dialog was opened over it, else the list's address. */
  const closeProfile = useCallback(() => {
    if (isOverList(location.state)) navigate(-1);
    else navigate({ pathname: ADMIN_PATHS.dashboard, search: location.search }, { replace: true });
  }, [navigate, location.state, location.search]);
  const [queueEmpty, setQueueEmpty] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [search, setSearch] = useState(query.q);
  const heading = useRef<HTMLHeadingElement>(null);
  const tableRegion = useRef<HTMLDivElement>(null);
  // Set when an action took the reviewed profile out of review: its row changes, so focus goes to the table instead.
  const reviewLeft = useRef(false);
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;
  useEffect(() => setSearch(query.q), [query.q]);
  // Signed in just now: the sign-in form that had the focus is gone, so the dashboard's heading takes it.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const reload = useCallback(() => setReads((n) => n + 1), []);
  // A read the admin did not ask for (the machine's work moving on) leaves Refresh and the table's busy state alone.
  const quietRead = useRef(false);
  const reread = useCallback(() => {
    quietRead.current = true;
    setReads((n) => n + 1);
  }, []);

  /** The session ended elsewhere (expired, signed out in another tab): back to the login form. */
  const sessionEnded = useCallback(() => {
    toast({ title: "Signed Out", description: "Your session has ended. Please sign in again." });
    signedOut.current();
  }, [toast]);

  useEffect(() => {
    let cancelled = false;
    const quiet = quietRead.current;
    quietRead.current = false;
    if (!quiet) setRefreshing(true);
    const params = new URLSearchParams({ page: String(query.page) });
    if (query.status) params.set("status", query.status);
    if (query.state) params.set("state", query.state);
    if (query.q) params.set("q", query.q);
    if (query.mine) params.set("mine", "true");
    (async () => {
      try {
        const data = await apiGet<AdminListAnswer>(`/api/admin/profiles?${params}`, { on401: "returnNull" });
        if (cancelled) return;
        if (!data) return sessionEnded();
        setList({ state: "loaded", data });
      } catch (err) {
        if (!cancelled) setList({ state: "failed", message: messageOf(err, "The server could not be reached.") });
      } finally {
        if (!cancelled) setRefreshing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [query.status, query.state, query.q, query.page, query.mine, reads, sessionEnded]);

  /**
   * The queue's Next (issue 29, item 2): the most urgent profile nobody holds, claimed for this writer and opened in
   * the review dialog; "Nothing is waiting" when the queue is empty.
   */
  const takeNext = useCallback(async (): Promise<NextAnswer> => {
    try {
      const res = await apiRequest("POST", "/api/admin/queue/next");
      const answer = (await res.json()) as { profile: AdminProfileDetail | null };
      reload();
      setQueueEmpty(answer.profile === null);
      if (!answer.profile) return "nothing";
      openProfile(answer.profile.id, answer.profile);
      return "opened";
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) sessionEnded();
      else toast({ title: "Failed to Take the Next Profile", description: messageOf(err, "The server could not be reached."), variant: "destructive" });
      return "failed";
    }
  }, [reload, sessionEnded, toast, openProfile]);

  const moving = list.state === "loaded" && list.data.profiles.some((p) => MOVING.has(p.state));
  useRereadWhileMoving(moving, reread, list);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await apiRequest("POST", "/api/admin/logout");
      onSignedOut();
    } catch (err) {
      toast({ title: "Sign Out Failed", description: messageOf(err, "Please check your connection and try again."), variant: "destructive" });
      setSigningOut(false);
    }
  };

  const submitSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    query.set({ status: query.status, state: query.state, q: search.trim(), page: 1, mine: query.mine });
  };

  const data = list.state === "loaded" ? list.data : null;
  /** The profile `delta` rows from the one in the dialog that the dialog opens for, in the list as shown. */
  const step = (delta: 1 | -1): boolean => {
    const rows = (data?.profiles ?? []).filter((p) => REVIEWABLE.has(p.status));
    const at = rows.findIndex((p) => p.id === reviewing);
    const to = rows[at + delta];
    if (at < 0 || !to) return false;
    openProfile(to.id);
    return true;
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} data-admin-page="dashboard" className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            Admin Dashboard
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{username}</span> <RoleBadge />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p role="status" className="text-sm text-muted-foreground empty:hidden" data-testid="queue-empty">
            {queueEmpty ? "Nothing is waiting" : ""}
          </p>
          <button type="button" onClick={() => void takeNext()} className={buttonClass("primary", "sm")}>
            Next profile
          </button>
          <Link to={ADMIN_PATHS.outcomes} className={buttonClass("outline", "sm")}>
            Outcomes
          </Link>
          <button type="button" onClick={reload} disabled={refreshing} className={buttonClass("outline", "sm")}>
            {refreshing && list.state !== "loading" ? "Refreshing..." : "Refresh"}
          </button>
          <button type="button" onClick={signOut} disabled={signingOut} className={buttonClass("outline", "sm")}>
            {signingOut ? "Signing out..." : "Sign Out"}
          </button>
        </div>
      </div>

      {/* Above the list: what a profile's link found (its dialog is fixed over the page, wherever it is drawn). */}
      {missing && (
        <div role="alert" className="mt-6 rounded-lg border border-danger p-4" data-testid="profile-missing">
          <p className="font-semibold">Profile not found</p>
          <p className="mt-1 break-words text-sm text-muted-foreground">{missing.message}</p>
        </div>
      )}

      {reviewing && (
        <OpenProfile
          // A new profile (Next, the next row, Forward) is a new dialog: its read, its focus, its form, its questions.
          key={reviewing}
          id={reviewing}
          given={given.current?.id === reviewing ? given.current : undefined}
          onMissing={(message) => {
            setMissing({ message });
            navigate({ pathname: ADMIN_PATHS.dashboard, search: location.search }, { replace: true });
          }}
          onSessionEnded={sessionEnded}
        >
          {(initial) => (
            <Suspense fallback={null}>
              <ReviewDialog
                me={username}
                profileId={reviewing}
                initial={initial}
                onNext={takeNext}
                onStep={step}
                onClose={(left) => {
                  reviewLeft.current = left;
                  closeProfile();
                }}
                onChanged={reload}
                onSessionEnded={sessionEnded}
                returnFocus={(opener) => (opener?.isConnected && !reviewLeft.current ? opener : (tableRegion.current ?? heading.current))}
              />
            </Suspense>
          )}
        </OpenProfile>
      )}

      {data && (
        <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="admin-counts">
          {(
            [
              ["Total Profiles", data.counts.total],
              ["Pending", data.counts.pending],
              ["Completed", data.counts.completed],
              ["Emails Sent", data.counts.emails_sent],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg border border-border p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="space-y-3">
          <div role="group" aria-label="Show profiles by status" className="flex flex-wrap gap-2">
            {FILTERS.map((f) => {
              const pressed = query.status === f.status && !(f.status === "" && query.state);
              return (
                <button
                  key={f.label}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => query.set({ status: f.status, q: query.q, page: 1, mine: query.mine })}
                  className={buttonClass(pressed ? "primary" : "outline", "sm")}
                >
                  {f.label}
                </button>
              );
            })}
            <button
              type="button"
              aria-pressed={query.mine}
              onClick={() => query.set({ status: query.status, state: query.state, q: query.q, page: 1, mine: !query.mine })}
              className={buttonClass(query.mine ? "primary" : "outline", "sm")}
            >
              Mine
            </button>
          </div>
          {data && (
            <div role="group" aria-labelledby="admin-state-filters" className="flex flex-wrap items-center gap-2" data-testid="admin-state-filters">
              <span id="admin-state-filters" className="text-sm text-muted-foreground">
                To do, most urgent first:
              </span>
              {FILTER_STATES.map((state) => {
                const pressed = query.state === state;
                return (
                  <button
                    key={state}
                    type="button"
                    aria-pressed={pressed}
                    data-state-filter={state}
                    onClick={() => query.set({ state: pressed ? "" : state, q: query.q, page: 1, mine: query.mine })}
                    className={buttonClass(pressed ? "primary" : "outline", "sm")}
                  >
                    {STATE_LABELS[state]}{" "}
                    <span className={`rounded-full px-1.5 text-xs tabular-nums ${pressed ? "bg-primary-foreground text-primary" : "bg-muted text-foreground"}`} data-testid="state-count">
                      {data.counts.states[state].toLocaleString("en-US")}
                    </span>
                  </button>
                );
              })}
            </div>
          )}
        </div>
        <form role="search" aria-label="Profiles" onSubmit={submitSearch} className="flex gap-2">
          <label htmlFor="admin-search" className="sr-only">
            Search by e-mail, ID or order reference
          </label>
          <input
            id="admin-search"
            type="search"
            name="q"
            placeholder="Search by e-mail, ID or order reference"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${controlClass.input} min-w-0 lg:w-72`}
          />
          <button type="submit" className={buttonClass("outline", "md")}>
            Search
          </button>
        </form>
      </div>
      {query.q && (
        <p className="mt-3 text-sm text-muted-foreground">
          Showing profiles matching “<span className="font-medium text-foreground">{query.q}</span>”.{" "}
          <button type="button" className="text-primary underline underline-offset-4" onClick={() => query.set({ status: query.status, state: query.state, q: "", page: 1, mine: query.mine })}>
            Clear search
          </button>
        </p>
      )}

      {list.state === "loading" && <Spinner label="Loading profiles..." />}
      {list.state === "failed" && (
        <LoadError
          message={list.message}
          onRetry={() => {
            setList({ state: "loading" });
            reload();
          }}
        />
      )}
      {data && (
        <>
          <ProfileTable regionRef={tableRegion} rows={data.profiles} busy={refreshing} onReview={(id) => openProfile(id)} onChanged={reload} />
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
            <button
              type="button"
              disabled={data.page <= 1}
              onClick={() => query.set({ status: query.status, state: query.state, q: query.q, page: data.page - 1, mine: query.mine })}
              className={buttonClass("outline", "sm")}
            >
              Previous
            </button>
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="admin-page-of">
              Page {data.page} of {pages}
            </p>
            <button
              type="button"
              disabled={data.page >= pages}
              onClick={() => query.set({ status: query.status, state: query.state, q: query.q, page: data.page + 1, mine: query.mine })}
              className={buttonClass("outline", "sm")}
            >
              Next
            </button>
          </nav>
        </>
      )}

      <Team username={username} reads={reads} />

    </div>
  );
}

type Opening = { state: "reading" } | { state: "open"; detail?: AdminProfileDetail };

/**
 * The profile the address names, read from the API before its dialog opens (the id in the path is only a question):
 * an id that is no profile's, or one this account may not read, is said above the list, with no dialog
 * (`onMissing`, the API's words); a read that failed otherwise opens the dialog, which says so and offers to try again.
 */
function OpenProfile({
  id,
  given,
  onMissing,
  onSessionEnded,
  children,
}: {
  id: string;
  given: AdminProfileDetail | undefined;
  onMissing: (message: string) => void;
  onSessionEnded: () => void;
  children: (initial: AdminProfileDetail | undefined) => ReactNode;
}) {
  const [opening, setOpening] = useState<Opening>(given ? { state: "open", detail: given } : { state: "reading" });
  const missing = useRef(onMissing);
  missing.current = onMissing;
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  useEffect(() => {
    if (opening.state === "open") return;
    if (!plausibleId(id)) {
      missing.current(`No profile has the ID “${id}”.`);
      return;
    }
    let cancelled = false;
    (async () => {
      try {
        const detail = await apiGet<AdminProfileDetail>(`/api/admin/profiles/${encodeURIComponent(id)}`, { on401: "returnNull" });
        if (cancelled) return;
        if (!detail) return ended.current();
        setOpening({ state: "open", detail });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiRequestError && err.status === 404) missing.current(`No profile has the ID “${id}”.`);
        else if (err instanceof ApiRequestError && (err.status === 400 || err.status === 403)) missing.current(err.serverMessage);
        else setOpening({ state: "open" });
      }
    })();
    return () => {
      cancelled = true;
    };
    // Read once per id (the component is keyed by it).
  }, [id]);
  if (opening.state === "reading") return <Spinner label="Opening the profile..." />;
  return <>{children(opening.detail)}</>;
}
