import { afterAll, beforeAll, describe, expect } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { desc } from "drizzle-orm";
import { openStore, type Store } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { allViolations, inEveryLook, launchBrowser, poll, recordPageErrors, sharedTab, test, type Look, type SharedTab, type TestBrowser } from "../testing/browser.ts";
import { insertOrder, orderState, signedEvent } from "../testing/payment-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { startFakeStripe, type FakeStripe } from "../testing/stripe-server.ts";

/* Payments in the browser on embedded defaults: the built-in local provider, no Stripe key. */

let server: RunningServer;
let browser: TestBrowser;
let tab: SharedTab;
let store: Store;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tab = await sharedTab(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
});
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

const toast = (page: Page) => page.getByTestId("toast-viewport");

async function openCheckoutFor(page: Page, orderId: string) {
  await page.goto(`${server.url}/checkout-redirect?orderId=${orderId}&price=9.99&planId=premium`);
  await page.waitForURL(/\/pay\/[a-z2-7]{26}$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Pay $9.99" }).waitFor();
}

describe("the whole journey on embedded defaults", () => {
  test("/pricing → Get Started → profile form with photos → local checkout → 4242 → /success: paid, pending, one job", async () => {
    const page = await tab.take({ width: 1280, height: 900 });
    const errors = recordPageErrors(page);
    await page.goto(`${server.url}/pricing`);
    await hydrated(page);
    await page.locator('a[href^="/profile-form"][href*="planId=premium"]').click();
    await page.waitForURL(/\/profile-form\?/);
    await hydrated(page);

    await page.locator('input[type="email"]').first().fill("journey@example.com");
    const app = page.getByLabel(/dating app/i).first();
    if ((await app.evaluate((el) => el.tagName)) === "SELECT") await app.selectOption("tinder");
    else await page.getByLabel("Tinder", { exact: true }).check();
    const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(320, 240, colour)));
    await page.locator('input[type="file"]').setInputFiles(photos.map((buffer, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer })));
    await page.getByRole("button", { name: "Submit Profile for Review" }).click();

    await page.waitForURL(/\/pay\/[a-z2-7]{26}$/);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await page.waitForURL(/\/success\?session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    const order = store.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(1).get()!;
    expect(order.profileId).not.toBeNull();
    expect(orderState(store.db, order.id)).toMatchObject({ order: { status: "paid", planId: "premium", amount: 999 }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });
    expect(errors).toEqual([]);
  }, 30_000);
});

describe("local hosted checkout (/checkout-redirect → /pay/:id → /success)", () => {
  test("4242 pays: the success page shows what happens next; order paid, profile pending, one job", async () => {
    const { orderId } = insertOrder(store.db);
    const page = await tab.take();
    const errors = recordPageErrors(page);
    await openCheckoutFor(page, orderId);
    await poll(() => page.getByTestId("checkout-amount").textContent()).toBe("$9.99");
    await poll(() => page.getByText("Premium Package").count()).toBe(1);
    await poll(() => page.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");

    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await page.waitForURL(/\/success\?session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    // The premium plan's own promise, and the receipt: order reference, plan, amount, where the results go.
    await poll(() => page.getByText("within 24 hours, at sam@example.com").count()).toBe(1);
    await poll(() => page.getByText(orderId).count()).toBe(1);
    await poll(() => page.getByRole("definition").allTextContents()).toEqual([orderId, "Premium", "$9.99", "sam@example.com"]);
    await toast(page).getByText("Payment successful!").waitFor();

    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid", paymentProvider: "local" }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });
    // Coming back to the success page (a reload, a second tab) changes nothing.
    await page.reload();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(orderState(store.db, orderId).jobs).toBe(1);
    expect(errors).toEqual([]);
  });

  test("4000 0000 0000 0002 is declined: the spec's failure toast, nothing fulfilled, the card can be changed", async () => {
    const { orderId } = insertOrder(store.db);
    const page = await tab.take();
    const errors = recordPageErrors(page);
    await openCheckoutFor(page, orderId);
    await page.getByLabel("Card number").fill("4000000000000002");
    await poll(() => page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $9.99" }).click();

    await toast(page).getByText("Payment Failed").waitFor();
    await poll(() => toast(page).textContent()).toContain("Your card was declined.");
    expect(page.url()).toMatch(/\/pay\//);
    await poll(() => page.getByRole("button", { name: "Pay $9.99" }).isEnabled()).toBe(true);
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "pending", paidAt: null }, profileStatus: "created", jobs: 0 });
    // The browser reports the 402 answer as a failed resource load; anything else is an error in the page.
    expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
  });

  test("cancel returns to the cancel URL and pays nothing", async () => {
    const { orderId } = insertOrder(store.db);
    const page = await tab.take();
    await openCheckoutFor(page, orderId);
    await page.getByRole("link", { name: "Cancel and return" }).click();
    await page.waitForURL(`${server.url}/pricing`);
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
  });
});

describe("embedded card form (/checkout)", () => {
  test("the local card form pays the order's amount and lands on /success", async () => {
    const { orderId } = insertOrder(store.db, { plan: "elite" });
    const page = await tab.take();
    const errors = recordPageErrors(page);
    // The browser's price is ignored: the order is elite, so the button asks for the elite price.
    await page.goto(`${server.url}/checkout?orderId=${orderId}&price=0.50`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
    await page.getByRole("button", { name: "Pay $49.99" }).click();
    await page.waitForURL(/\/success\?session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid", amount: 4999 }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });
    expect(errors).toEqual([]);
  });

  test("without orderId and price it redirects to /pricing", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/checkout`);
    await page.waitForURL(`${server.url}/pricing`);
  });
});

describe("manual card form (/card-payment)", () => {
  test("empty fields are refused; the test card pays and goes to /success with the order and plan", async () => {
    const { orderId } = insertOrder(store.db, { plan: "basic" });
    const page = await tab.take();
    await page.goto(`${server.url}/card-payment?planId=basic&price=6.99&orderId=${orderId}`);
    await hydrated(page);
    await poll(() => page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/upload?plan=Basic&price=6.99&planId=basic&payment=cancelled");

    await page.getByRole("button", { name: "Pay $6.99" }).click();
    await toast(page).getByText("Please fill out all fields").waitFor();

    await page.getByLabel("Name on card").fill("Sam Lee");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByLabel("Expiry (MM/YY)").fill("1234");
    await page.getByLabel("CVC").fill("12345");
    await poll(() => page.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/34");
    await poll(() => page.getByLabel("CVC").inputValue()).toBe("123");

    // Only the last four digits leave the page.
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/process-order"));
    await page.getByRole("button", { name: "Pay $6.99" }).click();
    await page.getByRole("button", { name: "Processing..." }).waitFor();
    const body = (await sent).postData()!;
    expect(body).not.toContain("4242424242424242");
    expect(JSON.parse(body).paymentDetails).toEqual({ name: "Sam Lee", email: "sam@example.com", last4: "4242" });

    await page.waitForURL(new RegExp(`/success\\?orderId=${orderId}&planId=basic&session_id=`));
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });
  });
});

describe("success page", () => {
  test("without a session id: the verification issue view with support contact", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/success`);
    await hydrated(page);
    await page.getByText("Missing payment information", { exact: true }).waitFor();
    await toast(page).getByText("Could not verify payment: Missing payment information").waitFor();
    await poll(() => page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("mailto:support@localhost");
    await poll(() => page.getByRole("link", { name: "Return to Home" }).first().getAttribute("href")).toBe("/");
  });

  test("an unpaid session: 'Payment verification failed. Status: unpaid' and the 'Payment Not Verified' toast", async () => {
    const { orderId } = insertOrder(store.db);
    const res = await fetch(`${server.url}/api/create-checkout-session`, {
      method: "POST",
      body: JSON.stringify({ orderId }),
      headers: { "Content-Type": "application/json" },
    });
    const { sessionId } = (await res.json()) as { sessionId: string };
    const page = await tab.take();
    await page.goto(`${server.url}/success?session_id=${sessionId}`);
    await page.locator("#main").getByText("Payment verification failed. Status: unpaid").waitFor();
    await toast(page).getByText("Payment Not Verified").waitFor();
    await poll(() => page.locator("#main").textContent()).toContain("If you were charged, your payment went through");
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
  });

  test("an unknown session: 'Failed to verify payment'", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/success?session_id=nosuchsession`);
    await page.getByText("Failed to verify payment", { exact: true }).first().waitFor();
    await toast(page).getByText("Verification Error").waitFor();
  });

  test("a paid order with no profile yet: the customer goes to /profile-form, and the profile sent there queues the one job", async () => {
    const { orderId } = insertOrder(store.db, { withProfile: false });
    const page = await browser.newPage();
    // Records what the success page stores for the profile form, in session storage: the record outlives the page
    // (the success page sends the customer on with a page load).
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (this === localStorage) {
          const log = JSON.parse(getItem.call(sessionStorage, "storedItems") ?? "[]") as string[][];
          log.push([key, value]);
          setItem.call(sessionStorage, "storedItems", JSON.stringify(log));
        }
        return setItem.call(this, key, value);
      };
    });
    await openCheckoutFor(page, orderId);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await page.waitForURL(`${server.url}/profile-form?orderId=${orderId}&planId=premium`);
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid" }, jobs: 0 });
    await hydrated(page);
    // The stored ids stay until the profile is saved; sending the profile attaches it, queues the one job, and removes them.
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("storedItems") ?? "[]") as string[][]);
    expect(stored).toEqual(expect.arrayContaining([["pendingOrderId", orderId], ["pendingPlanId", "premium"]]));
    await page.locator('input[type="email"]').first().waitFor();
    await poll(() => page.evaluate(() => localStorage.getItem("pendingOrderId"))).toBe(orderId);
    await page.locator('input[type="email"]').first().fill("late@example.com");
    const app = page.getByLabel(/dating app/i).first();
    if ((await app.evaluate((el) => el.tagName)) === "SELECT") await app.selectOption("tinder");
    else await page.getByLabel("Tinder", { exact: true }).check();
    const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(320, 240, colour)));
    await page.locator('input[type="file"]').setInputFiles(photos.map((buffer, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer })));
    await page.getByRole("button", { name: "Submit Profile for Review" }).click();
    await page.getByRole("dialog").getByText("Profile Submitted Successfully").waitFor();
    await poll(() => page.evaluate(() => localStorage.getItem("pendingOrderId"))).toBeNull();
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid", profileId: expect.any(String) }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });
    await page.close();
  });
});

describe("preparing checkout (/preparing-checkout)", () => {
  test("asks for the e-mail address, creates an order for the plan, pays it, and asks for the profile afterwards", async () => {
    const page = await tab.take();
    const errors = recordPageErrors(page);
    await page.goto(`${server.url}/preparing-checkout?planId=basic&price=0.01`);
    await hydrated(page);
    await page.getByLabel("Email").fill("first@example.com");
    await page.getByRole("button", { name: "Continue to Secure Payment" }).click();
    await page.waitForURL(/\/pay\/[a-z2-7]{26}$/);
    await hydrated(page);
    // The plan's price, not the link's.
    await poll(() => page.getByTestId("checkout-amount").textContent()).toBe("$6.99");
    await page.getByRole("button", { name: "Pay $6.99" }).click();
    await page.waitForURL(/\/profile-form\?orderId=[a-z2-7]{26}&planId=basic$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    expect(orderState(store.db, orderId)).toMatchObject({ order: { status: "paid", planId: "basic", amount: 699, profileId: null }, jobs: 0 });
    expect(errors).toEqual([]);
  });

  test("without plan information: the message, Try Again and Return to Pricing", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/preparing-checkout?price=9.99`);
    await hydrated(page);
    await page.getByText("Missing plan information").waitFor();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
    await poll(() => page.getByRole("link", { name: "Return to Pricing" }).getAttribute("href")).toBe("/pricing");
  });
});

describe("checkout redirect errors", () => {
  test("missing order information, and an unknown order's message with Try Again and Return to Home", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/checkout-redirect?orderId=abc`);
    await hydrated(page);
    await page.getByText("Missing required order information").waitFor();
    await poll(() => page.getByRole("link", { name: "Return to Home" }).first().getAttribute("href")).toBe("/");

    await page.goto(`${server.url}/checkout-redirect?orderId=nosuchorder&price=9.99&planId=premium`);
    await page.locator("#main").getByText("Order not found.", { exact: true }).waitFor();
    await toast(page).getByText("Error creating checkout session").waitFor();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
  });
});

describe("internal test pages", () => {
  test("/payment-test pays a test amount through hosted checkout and returns to /success?test=true", async () => {
    const page = await tab.take();
    const errors = recordPageErrors(page);
    await page.goto(`${server.url}/payment-test`);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay $1.00" }).click();
    await page.waitForURL(/\/pay\//);
    await poll(() => page.getByTestId("checkout-amount").textContent()).toBe("$1.00");
    await page.getByRole("button", { name: "Pay $1.00" }).click();
    await page.waitForURL(/\/success\?test=true&session_id=/);
    await page.getByText("Test payment: no order was charged.").waitFor();
    expect(errors).toEqual([]);
  });

  test("/test-payment shows the test card and pays the chosen amount", async () => {
    const page = await tab.take();
    await page.goto(`${server.url}/test-payment?amount=6.99`);
    await hydrated(page);
    await poll(() => page.getByText("4242 4242 4242 4242", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Pay $6.99" }).click();
    await page.waitForURL(/\/success\?test=true&session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  });
});

describe("internal test pages: failures", () => {
  test("/test-payment shows 'Error creating payment intent' with the server's message when the intent cannot be made", async () => {
    const page = await tab.take();
    await page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Payments are paused for maintenance." }) }),
    );
    await page.goto(`${server.url}/test-payment`);
    await hydrated(page);
    await toast(page).getByText("Error creating payment intent").waitFor();
    await poll(() => toast(page).textContent()).toContain("Payments are paused for maintenance.");
    await poll(() => page.getByRole("alert").filter({ hasText: "Payments are paused for maintenance." }).count()).toBeGreaterThan(0);
  });
});

describe("with Stripe (the SDK against the fake Stripe API)", () => {
  let fake: FakeStripe;
  let stripeServer: RunningServer;
  let stripeStore: Store;
  beforeAll(async () => {
    fake = startFakeStripe();
    stripeServer = await startServer(fake.env);
    stripeStore = openStore(join(stripeServer.dir, "app.sqlite"));
  });
  afterAll(async () => {
    stripeStore?.close();
    await stripeServer?.cleanup();
    fake?.stop();
  });

  test("hosted checkout: redirect to Stripe, pay, back to /success; the webhook that follows changes nothing", async () => {
    const { orderId } = insertOrder(stripeStore.db);
    const page = await browser.newPage();
    // Stands in for Stripe's hosted page, which this sandbox cannot reach.
    await page.route("https://checkout.stripe.test/**", (route) => route.fulfill({ contentType: "text/html", body: "<h1>Stripe Checkout</h1>" }));
    await page.goto(`${stripeServer.url}/checkout-redirect?orderId=${orderId}&price=0.50&planId=basic`);
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = page.url().split("/").pop()!;
    const session = fake.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(999);

    fake.completeCheckoutSession(sessionId);
    const successUrl = new URL(String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId));
    await page.goto(`${stripeServer.url}${successUrl.pathname}${successUrl.search}`);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(orderState(stripeStore.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, profileStatus: expect.stringMatching(/^(pending|processing|completed)$/), jobs: 1 });

    const event = signedEvent("checkout.session.completed", { id: sessionId });
    const hook = await fetch(`${stripeServer.url}/api/webhooks/stripe`, {
      method: "POST",
      body: event.payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.header },
    });
    expect(hook.status).toBe(200);
    expect(orderState(stripeStore.db, orderId).jobs).toBe(1);
    await page.close();
  });

  test("embedded form: a payment intent for the order's amount; Stripe.js failing to load shows 'Error loading checkout'", async () => {
    const { orderId } = insertOrder(stripeStore.db);
    const page = await browser.newPage();
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    await page.goto(`${stripeServer.url}/checkout?orderId=${orderId}&price=1`);
    await toast(page).getByText("Error loading checkout").waitFor();
    const intent = [...fake.intents.values()].find((pi) => (pi.metadata as { orderId?: string }).orderId === orderId);
    expect(intent).toMatchObject({ amount: 999, currency: "usd" });
    expect(orderState(stripeStore.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
    await page.close();
  });

  test("the manual card form is told to use secure checkout, and nothing is paid", async () => {
    const { orderId } = insertOrder(stripeStore.db);
    const page = await browser.newPage();
    await page.goto(`${stripeServer.url}/card-payment?planId=premium&price=9.99&orderId=${orderId}`);
    await hydrated(page);
    await poll(() => page.getByRole("link", { name: "Continue to secure checkout" }).getAttribute("href")).toBe(
      `/checkout-redirect?orderId=${orderId}&price=9.99&planId=premium`,
    );
    await page.getByLabel("Name on card").fill("Sam Lee");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await toast(page).getByText("Payment Failed").waitFor();
    await poll(() => toast(page).textContent()).toContain("Please use secure checkout.");
    expect(orderState(stripeStore.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
    await page.close();
  });
});

describe("accessibility: no axe violations on the payment pages", () => {
  let orderId: string;
  let payUrl: string;
  beforeAll(async () => {
    orderId = insertOrder(store.db).orderId;
    const page = await tab.take();
    await openCheckoutFor(page, orderId);
    payUrl = page.url();
  });
  const targets: [string, () => string][] = [
    ["/pay/:id", () => payUrl],
    ["/card-payment", () => `${server.url}/card-payment?planId=premium&price=9.99&orderId=${orderId}`],
    ["/success", () => `${server.url}/success`],
    ["/checkout-redirect", () => `${server.url}/checkout-redirect`],
  ];

  /** Both themes, at the window's default width. */
  const THEMES: readonly Look[] = [
    { theme: "light", width: 1280 },
    { theme: "dark", width: 1280 },
  ];

  for (const [name, target] of targets) {
    test(`${name}: no violation of any of axe's default rules in the light and the dark theme`, async () => {
      const page = await tab.take();
      const url = target();
      await page.goto(url);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      // Loaded once, and switched in place to each theme (decision 153).
      await inEveryLook(page, async ({ theme }) => {
        // The system's preference agrees with the stored choice, as in a browser set to that scheme.
        await page.emulateMedia({ colorScheme: theme });
        // The toast viewport belongs to the shell (its <li role="alert"> is reported to the shell's owner).
        expect({ url, theme, violations: await allViolations(page) }).toEqual({ url, theme, violations: [] });
      }, THEMES);
    });
  }
});
