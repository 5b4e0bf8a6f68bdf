/**
 * One paid-order world for the tests of the order lifecycle (src/orders/lifecycle.ts): the real app in-process on a
 * temp SQLite file, with the local provider or the real Stripe SDK against the test Stripe server, an administrator
 * signed in, the job loop run on demand with a scripted optimiser, and two things a test needs to see:
 * - every call the app makes to the payment provider is counted (the provider behind `ctx.services.payments` is
 *   wrapped), and a call can be made to "crash" right after the provider answered, as a process dying between the
 *   provider's step and ours would;
 * - every e-mail sent is recorded with its key.
 */
import { and, count, eq } from "drizzle-orm";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { jobHandlers } from "../background.ts";
import { newId } from "../db/ids.ts";
import { adminAudit, orders, paymentSessions, photos, profiles } from "../db/schema.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import type { Email, Mailer } from "../mail/mailer.ts";
import type { Payments } from "../payments/payments.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { adminCookie } from "./admin.ts";
import { testApp, testContext, type TestContext } from "./context.ts";
import { TEST_CARD } from "./local-payments.ts";
import { scriptedOptimiser } from "./optimisation.ts";
import { insertOrder, signedEvent } from "./payment-fixtures.ts";
import { startFakeStripe, type FakeStripe } from "./stripe-server.ts";

export type Mode = "local" | "stripe";
/** What the app answers in-process. */
export type Reply = Response | Promise<Response>;
export type ProviderMethod = Exclude<keyof PaymentProvider, "name">;

export const ORIGIN = "http://localhost:3000";

/** The error a crash injected after a provider call throws: the caller never gets to its next step. */
export class InjectedCrash extends Error {
  override name = "InjectedCrash";
}

export interface OrderWorld {
  mode: Mode;
  ctx: TestContext;
  app: ReturnType<typeof testApp>;
  /** The test Stripe server (Stripe mode only). */
  stripe: FakeStripe | null;
  /** Calls made to the payment provider so far, by method. */
  providerCalls: Record<ProviderMethod, number>;
  /** All calls made to the payment provider so far. */
  totalProviderCalls(): number;
  /** The next call of `method` reaches the provider, then throws `InjectedCrash` before the app sees the answer. */
  crashAfterNext(method: ProviderMethod): void;
  /** How many injected crashes happened since the last call. */
  takeCrashes(): number;
  /** Forgets the crashes asked for that have not happened yet. */
  cancelCrashes(): void;
  /** Every e-mail sent, in order. */
  sent: Email[];
  runJobs(): Promise<number>;
  /** A profile with photo rows waiting for payment, and its pending order. */
  newOrder(plan?: PlanId): { orderId: string; profileId: string; amount: number };
  post(path: string, body?: unknown): Reply;
  get(path: string): Reply;
  /** An administrator's GET. */
  adminGet(path: string): Reply;
  /** An administrator's POST (signed in, from the site's own origin). */
  admin(path: string, body?: unknown): Reply;
  /** A signed webhook delivery of `type` about `object` (Stripe mode). */
  webhook(type: string, object: { id: string; [key: string]: unknown }, eventId?: string): Reply;
  /** The local provider's checkout page's Pay, with the approving test card. */
  payLocalSession(sessionId: string): Reply;
  /** The manual card form's payment. */
  payWithCardForm(orderId: string): Reply;
  order(orderId: string): typeof orders.$inferSelect;
  profile(profileId: string): typeof profiles.$inferSelect;
  refundRows(profileId: string): number;
  close(): void;
}

/**
 * `memoryDisk`: the SQLite file (WAL, synchronous=FULL, as always) on /dev/shm where the machine has it, for the
 * property test's thousands of commits: each commit's fsync costs a millisecond or more on a disk, nothing there, and
 * what is tested is the lifecycle's logic, not durability.
 */
export function orderWorld(mode: Mode, options: { memoryDisk?: boolean } = {}): OrderWorld {
  const stripe = mode === "stripe" ? startFakeStripe() : null;
  const shm = options.memoryDisk && existsSync("/dev/shm") ? mkdtempSync(join("/dev/shm", "order-world-")) : null;
  const sent: Email[] = [];
  const recording: Mailer = {
    description: "recording",
    async send(email) {
      sent.push(email);
      return { messageId: `<${email.key}@test>` };
    },
    close() {},
  };
  const env = { ...stripe?.env, ...(shm ? { DATABASE_PATH: join(shm, "app.sqlite") } : {}) };
  const ctx = testContext(env, { optimiser: scriptedOptimiser(), mailer: recording });
  const providerCalls = { createHostedCheckout: 0, createEmbeddedPayment: 0, retrieve: 0, cancel: 0, refund: 0 } satisfies Record<ProviderMethod, number>;
  const crashes = { pending: new Set<ProviderMethod>(), happened: 0 };
  ctx.services.payments = counted(ctx.services.payments, providerCalls, crashes);
  const app = testApp(ctx);
  const cookie = adminCookie(ctx.store.db);
  const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) });
  const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
  });

  return {
    mode,
    ctx,
    app,
    stripe,
    providerCalls,
    totalProviderCalls: () => Object.values(providerCalls).reduce((a, b) => a + b, 0),
    crashAfterNext: (method) => void crashes.pending.add(method),
    takeCrashes() {
      const happened = crashes.happened;
      crashes.happened = 0;
      return happened;
    },
    cancelCrashes: () => crashes.pending.clear(),
    sent,
    runJobs: () => loop.runDue(),
    newOrder(plan = "premium") {
      const fixture = insertOrder(ctx.store.db, { plan });
      for (let i = 0; i < 3; i++) ctx.store.db.insert(photos).values({ id: newId(), profileId: fixture.profileId!, filePath: `${newId()}.jpg`, order: i }).run();
      return { orderId: fixture.orderId, profileId: fixture.profileId!, amount: fixture.amount };
    },
    post: (path, body) => app.request(path, json("POST", body ?? {})),
    get: (path) => app.request(path),
    adminGet: (path) => app.request(path, { headers: { Cookie: cookie } }),
    admin: (path, body) => app.request(path, json("POST", body, { Cookie: cookie, Origin: ORIGIN })),
    webhook(type, object, eventId) {
      const event = signedEvent(type, object, { id: eventId });
      return app.request("/api/webhooks/stripe", { method: "POST", body: event.payload, headers: { "Content-Type": "application/json", "Stripe-Signature": event.header } });
    },
    payLocalSession: (sessionId) => app.request(`/api/local-checkout/${encodeURIComponent(sessionId)}/pay`, json("POST", TEST_CARD)),
    payWithCardForm: (orderId) =>
      app.request("/api/process-order", json("POST", { orderId, paymentDetails: { name: "Sam Test", email: "sam@example.com", last4: "4242" } })),
    order: (orderId) => ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!,
    profile: (profileId) => ctx.store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()!,
    refundRows: (profileId) =>
      ctx.store.db
        .select({ n: count() })
        .from(adminAudit)
        .where(and(eq(adminAudit.profileId, profileId), eq(adminAudit.action, "refund")))
        .get()!.n,
    close() {
      ctx.cleanup();
      stripe?.stop();
      if (shm) rmSync(shm, { recursive: true, force: true });
    },
  };
}

/** The payments of `real`, each provider call counted and, when asked, crashed right after the provider answered. */
function counted(real: Payments, calls: Record<ProviderMethod, number>, crashes: { pending: Set<ProviderMethod>; happened: number }): Payments {
  const wrapped = new Map<PaymentProvider, PaymentProvider>();
  const wrap = (provider: PaymentProvider | null): PaymentProvider | null => {
    if (!provider) return null;
    let w = wrapped.get(provider);
    if (!w) {
      // The provider's answer, or, when a crash was asked for, the answer thrown away as a dying process would.
      const call = async <T>(method: ProviderMethod, work: () => Promise<T>): Promise<T> => {
        calls[method]++;
        const answer = await work();
        if (crashes.pending.delete(method)) {
          crashes.happened++;
          throw new InjectedCrash(`crash after ${provider.name}.${method}`);
        }
        return answer;
      };
      w = {
        name: provider.name,
        createHostedCheckout: (request) => call("createHostedCheckout", () => provider.createHostedCheckout(request)),
        createEmbeddedPayment: (request) => call("createEmbeddedPayment", () => provider.createEmbeddedPayment(request)),
        retrieve: (reference) => call("retrieve", () => provider.retrieve(reference)),
        cancel: (reference) => call("cancel", () => provider.cancel(reference)),
        refund: (request) => call("refund", () => provider.refund(request)),
      };
      wrapped.set(provider, w);
    }
    return w;
  };
  return { active: wrap(real.active)!, stripe: real.stripe, byName: (name) => wrap(real.byName(name)) };
}

/** How many of the provider's payments for `orderId` took money: paid sessions and succeeded intents. */
export function chargesAtProvider(world: OrderWorld, orderId: string): number {
  if (world.stripe) {
    const sessions = [...world.stripe.sessions.values()].filter((s) => (s.metadata as { orderId?: string })?.orderId === orderId && s.payment_status === "paid");
    const intents = [...world.stripe.intents.values()].filter((i) => (i.metadata as { orderId?: string })?.orderId === orderId && i.status === "succeeded");
    return sessions.length + intents.length;
  }
  return world.ctx.store.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .all()
    .filter((s) => s.status === "paid").length;
}

/** How many refunds the provider made for `orderId` (the local provider records none of its own: the order's reference). */
export function refundsAtProvider(world: OrderWorld, orderId: string): number {
  if (world.stripe) {
    const intents = new Set<unknown>([
      ...[...world.stripe.sessions.values()].filter((s) => (s.metadata as { orderId?: string })?.orderId === orderId).map((s) => s.payment_intent),
      ...[...world.stripe.intents.values()].filter((i) => (i.metadata as { orderId?: string })?.orderId === orderId).map((i) => i.id),
    ]);
    return [...world.stripe.refunds.values()].filter((r) => intents.has(r.payment_intent)).length;
  }
  return world.order(orderId).refundReference ? 1 : 0;
}
