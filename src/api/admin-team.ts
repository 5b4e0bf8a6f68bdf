/**
 * The team's routes (issue 29), mounted on the admin profiles router (same session and same-origin checks):
 *
 * - Accounts, owner only (`requireOwner("accounts")`): GET /accounts; POST /accounts `{ username, role, password? }`
 *   (201; a generated password is answered this once); PATCH /accounts/:id `{ disabled?, role? }` (disabling ends the
 *   account's sessions and releases its claims at once; the last enabled owner can be neither disabled nor made a
 *   writer); POST /accounts/:id/password `{ password? }` (ends the account's sessions; a generated one is answered once).
 * - Anyone signed in: POST /account/password `{ current_password, new_password }` changes one's own password and ends
 *   one's other sessions.
 * - Claims (src/admin/claims.ts): POST /queue/next claims and answers the most urgent profile nobody holds (its detail,
 *   or `profile: null`); POST /profiles/:id/claim `{ takeOver? }`; DELETE /profiles/:id/claim. `claimGuard` refuses a
 *   write to a profile someone else holds (409 naming them), renews the writer's own claim after each write, and ends
 *   it when the profile is sent.
 * - GET /throughput (src/admin/throughput.ts): per writer and plan, and the deadlines at risk.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { writeTransaction } from "../db/client.ts";
import { assertClaimAllows, claimNext, claimProfile, releaseClaim, settleOnSend, touchClaim, type ClaimClock } from "../admin/claims.ts";
import { requireOwner, type AdminEnv } from "../admin/guard.ts";
import { generatePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from "../admin/passwords.ts";
import { loadThroughput } from "../admin/throughput.ts";
import { accountRow, changeAccount, createAccount, findAdmin, listAccounts, resetPassword } from "../admin/users.ts";
import type { AppContext } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import { ADMIN_ROLES, USERNAME_PATTERN, USERNAME_RULE } from "../shared/admin/roles.ts";
import type { AccountAnswer, AccountPasswordAnswer, AccountsAnswer, ClaimView, ThroughputAnswer } from "../shared/api/team.ts";

const PASSWORD_RULE = `A password is ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
/** A string field whose message says whether it was missing or of another type. */
const textField = (name: string) => z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) });
const password = (name: string) => textField(name).min(PASSWORD_MIN_LENGTH, PASSWORD_RULE).max(PASSWORD_MAX_LENGTH, PASSWORD_RULE);
const role = z.enum(ADMIN_ROLES, `role must be one of ${ADMIN_ROLES.join(", ")}`);

const createBody = z.object({
  username: textField("username").trim().regex(USERNAME_PATTERN, USERNAME_RULE),
  role,
  // Absent or empty: the server makes one and answers it once.
  password: password("password").optional().or(z.literal("").transform(() => undefined)),
});

const changeBody = z
  .object({ disabled: z.boolean("disabled must be true or false").optional(), role: role.optional() })
  .refine((b) => b.disabled !== undefined || b.role !== undefined, "Send disabled or role to change.");

const resetBody = z.object({ password: password("password").optional() });

const ownBody = z.object({
  current_password: textField("current_password").min(1, "current_password is required").max(PASSWORD_MAX_LENGTH, PASSWORD_RULE),
  new_password: password("new_password"),
});

const claimBody = z.object({ takeOver: z.boolean("takeOver must be true or false").optional() });

/** Hashed off the event loop: a request must not block the server for argon2id's tenth of a second. */
const hash = (plain: string) => Bun.password.hash(plain, "argon2id");

const accountId = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, "There is no such account.");
  return Number(raw);
};

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The routes that send a result to its customer: they end the sender's claim instead of renewing it. */
export const SEND_ROUTES = new Set(["send-email"]);
/** The profile routes that change nothing of the text, or are an owner's business: no claim is checked or taken. */
const UNCLAIMED_ROUTES = new Set(["claim", "export", "refund"]);

/**
 * For every write under /profiles/:id/ (but the claim, export and refund routes): refused with 409 when someone else
 * holds a live claim on the profile; after a successful write, the writer's own claim is renewed, or ended as sent. New routes under /profiles/:id/ are covered without being named here.
 */
export function claimGuard(ctx: AppContext, now: () => number = Date.now): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const match = /\/profiles\/([^/]+)\/([^/]+)/.exec(c.req.path);
    if (c.req.method === "GET" || c.req.method === "HEAD" || !match || UNCLAIMED_ROUTES.has(match[2]!)) return next();
    const profileId = decoded(match[1]!);
    // Not a profile id at all: the route answers it (404).
    if (profileId === null) return next();
    const admin = c.get("admin").username;
    assertClaimAllows(ctx.store.db, profileId, admin, now());
    await next();
    if (c.res.status >= 300) return;
    const clock = { now: now(), lapseMs: ctx.config.admin.claimLapseMs };
    writeTransaction(ctx.store.db, (tx) => (SEND_ROUTES.has(match[2]!) ? settleOnSend : touchClaim)(tx, profileId, admin, clock));
  };
}

/** `detail(id)`: the profile's detail as GET /profiles/:id answers it. */
export function adminTeamRoutes<D>(ctx: AppContext, r: Hono<AdminEnv>, detail: (id: string) => D, now: () => number = Date.now): void {
  const db = ctx.store.db;
  const clock = (): ClaimClock => ({ now: now(), lapseMs: ctx.config.admin.claimLapseMs });

  r.get("/accounts", requireOwner("accounts"), (c) => c.json<AccountsAnswer>({ accounts: listAccounts(db) }));

  r.post("/accounts", requireOwner("accounts"), jsonBody(createBody), async (c) => {
    const body = c.req.valid("json");
    const plain = body.password ?? generatePassword();
    const id = createAccount(db, c.get("admin").username, { username: body.username, role: body.role, passwordHash: await hash(plain) });
    const answer: AccountPasswordAnswer = { message: `The ${body.role} "${body.username}" can sign in now.`, account: accountRow(db, id) };
    if (body.password === undefined) answer.password = plain;
    return c.json(answer, 201);
  });

  r.patch("/accounts/:id", requireOwner("accounts"), jsonBody(changeBody), (c) => {
    const id = accountId(c.req.param("id"));
    const { changed, username } = changeAccount(db, c.get("admin").username, { id }, c.req.valid("json"), now());
    const account = accountRow(db, id);
    return c.json<AccountAnswer>({ message: changed.length ? `"${username}" is ${changed.join(" and ")}.` : "Nothing changed.", account });
  });

  r.post("/accounts/:id/password", requireOwner("accounts"), jsonBody(resetBody), async (c) => {
    const id = accountId(c.req.param("id"));
    const given = c.req.valid("json").password;
    const plain = given ?? generatePassword();
    const { sessionsEnded, username } = resetPassword(db, c.get("admin").username, id, await hash(plain));
    const answer: AccountPasswordAnswer = { message: `The password of "${username}" was reset; ${sessionsEnded} session(s) ended.`, account: accountRow(db, id) };
    if (given === undefined) answer.password = plain;
    return c.json(answer);
  });

  r.post("/account/password", jsonBody(ownBody), async (c) => {
    const me = c.get("admin");
    const { current_password, new_password } = c.req.valid("json");
    const account = findAdmin(db, me.username);
    if (!account || !(await verifyPassword(current_password, account.passwordHash))) throw new ApiError(400, "The current password is not right.");
    if (current_password === new_password) throw new ApiError(400, "The new password is the one you have now: choose another.");
    const { sessionsEnded } = resetPassword(db, me.username, me.id, await hash(new_password), c.get("sessionId"));
    return c.json({ message: `Your password was changed; ${sessionsEnded} other session(s) signed out.` });
  });

  r.post("/queue/next", (c) => {
    const id = claimNext(db, c.get("admin").username, clock());
    return c.json({ message: id ? "This profile is yours now." : "Nothing is waiting for a writer.", profile: id ? detail(id) : null });
  });

  r.post("/profiles/:id/claim", jsonBody(claimBody), (c) => {
    const claim = claimProfile(db, c.req.param("id"), c.get("admin").username, c.req.valid("json").takeOver === true, clock());
    return c.json<{ message: string; claim: ClaimView }>({ message: "This profile is yours now.", claim });
  });

  r.delete("/profiles/:id/claim", (c) => {
    releaseClaim(db, c.req.param("id"), c.get("admin").username, now());
    return c.json<{ message: string; claim: null }>({ message: "The profile is free for anyone to take.", claim: null });
  });

  r.get("/throughput", (c) => c.json<ThroughputAnswer>(loadThroughput(db, new Date(now()))));
}
