/**
 * The customer's journey over HTTP against a running server on embedded defaults, as the browser makes it:
 * POST /api/profiles (multipart), POST /api/orders, a local checkout session, the test card. For tests and benchmarks
 * that need paid profiles without a browser.
 */
import type { ProfileCreated } from "../shared/api/profiles.ts";
import type { PlanId } from "../shared/orders/plans.ts";

export interface PaidProfile {
  profileId: string;
  orderId: string;
}

export interface CustomerProfile {
  plan: PlanId;
  /** The form's JSON part (dating_app, bio, prompts …); the e-mail defaults to a test address. */
  profile: Record<string, unknown>;
  photos: Uint8Array[];
}

async function ok<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

export async function submitAndPay(baseUrl: string, customer: CustomerProfile): Promise<PaidProfile> {
  return pay(baseUrl, await submitProfile(baseUrl, customer), customer.plan);
}

/** POST /api/profiles: the profile is saved (`created`) and waits for payment. */
export async function submitProfile(baseUrl: string, customer: Omit<CustomerProfile, "plan">): Promise<string> {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: "customer@example.com", ...customer.profile }));
  customer.photos.forEach((p, i) => form.append("photos", new File([new Uint8Array(p)], `photo-${i + 1}.jpg`, { type: "image/jpeg" })));
  const profile = await ok<ProfileCreated>(await fetch(`${baseUrl}/api/profiles`, { method: "POST", body: form }), "POST /api/profiles");
  return profile.id;
}

/** An order for the saved profile, paid with the local provider's test card. */
export async function pay(baseUrl: string, profileId: string, plan: PlanId): Promise<PaidProfile> {
  const order = await ok<{ id: string }>(await fetch(`${baseUrl}/api/orders`, json({ profile_id: profileId, plan })), "POST /api/orders");
  const session = await ok<{ sessionId: string }>(
    await fetch(`${baseUrl}/api/create-checkout-session`, json({ orderId: order.id })),
    "POST /api/create-checkout-session",
  );
  await ok(
    await fetch(`${baseUrl}/api/local-checkout/${session.sessionId}/pay`, json({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" })),
    "paying with the test card",
  );
  return { profileId, orderId: order.id };
}
