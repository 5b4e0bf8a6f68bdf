import type { ComponentType } from "react";
import { ADMIN_PATHS, ADMIN_TITLES } from "./admin/paths.ts";
import { internalPage } from "./internal-page.tsx";
import { uploadPlan } from "./upload-plan.ts";

export interface PageMeta {
  title: string;
  description: string;
}

export interface PageRoute {
  path: string;
  /**
   * Imports the page's module (on the server only: pages are documents, issue 22). A page is server HTML; what in it
   * is interactive is an island (src/web/island.tsx), and a page that is one interactive whole is itself an island
   * from src/web/islands/.
   */
  load: () => Promise<ComponentType>;
  meta: PageMeta;
  /** An internal test or diagnostic page: not found (404) in production. */
  internal?: boolean;
  /** Listed in /sitemap.xml (public pages worth indexing). */
  sitemap?: boolean;
  /** Where a request this page cannot serve goes instead, decided from the query string: a 302 before any drawing. */
  redirect?: (params: URLSearchParams) => string | null;
  /** The page shows the spec's toasts: the shell draws the toaster island on it. */
  toasts?: true;
  /**
   * The page loads Stripe.js (its card form or Payment Element) when Stripe is the payment provider: only these pages'
   * headers allow Stripe's script, frame and API hosts (src/ssr/headers.ts).
   */
  stripe?: true;
}

/**
 * The one place where pages are listed (status, <title>, the page's module).
 * A page that is not built yet is not here: its path shows the not-found page.
 * Add a page as: { path, load: () => import("./pages/X.tsx").then((m) => m.XPage), meta: { title, description } }.
 */
export const pages: PageRoute[] = [
  {
    path: "/",
    load: () => import("./pages/Home.tsx").then((m) => m.HomePage),
    meta: {
      title: "ProfileBoost: expert dating profile optimization",
      description: "Send us your Hinge, Bumble, Tinder or The League profile and photos; get back a better bio, photo order and conversation starters within 24 hours.",
    },
    sitemap: true,
  },
  // Marketing, legal and contact pages (issue 3).
  {
    path: "/services",
    load: () => import("./pages/Services.tsx").then((m) => m.ServicesPage),
    meta: {
      title: "Services: profile analysis, bio writing, photo selection | ProfileBoost",
      description: "What we do for your dating profile: AI-assisted profile analysis, a bio rewritten by people, and your best photos in the best order.",
    },
    sitemap: true,
  },
  {
    path: "/pricing",
    load: () => import("./pages/Pricing.tsx").then((m) => m.PricingPage),
    meta: {
      title: "Pricing: Basic $6.99, Premium $9.99, one-time | ProfileBoost",
      description: "Two one-time plans for a better dating profile: Basic with 48-hour delivery, Premium with a complete rewrite, conversation starters and 24-hour delivery.",
    },
    sitemap: true,
  },
  {
    path: "/about",
    load: () => import("./pages/About.tsx").then((m) => m.AboutPage),
    meta: {
      title: "About us | ProfileBoost",
      description: "Why ProfileBoost exists, how it started, and the values behind every profile we optimize: authenticity, quality over quantity, data.",
    },
    sitemap: true,
  },
  {
    path: "/contact",
    load: () => import("./pages/Contact.tsx").then((m) => m.ContactPage),
    toasts: true,
    meta: {
      title: "Contact us | ProfileBoost",
      description: "Questions about a plan, your order or a custom request? Send the ProfileBoost team a message or e-mail support.",
    },
    sitemap: true,
  },
  {
    path: "/privacy-policy",
    load: () => import("./pages/PrivacyPolicy.tsx").then((m) => m.PrivacyPolicyPage),
    meta: {
      title: "Privacy Policy | ProfileBoost",
      description: "What ProfileBoost keeps about you, why, which services process it, how long we keep it and how to use your GDPR rights.",
    },
    sitemap: true,
  },
  {
    path: "/terms-of-service",
    load: () => import("./pages/TermsOfService.tsx").then((m) => m.TermsOfServicePage),
    meta: {
      title: "Terms of Service | ProfileBoost",
      description: "The terms for buying and using ProfileBoost: payment, delivery, revisions, refunds and who owns the content we deliver.",
    },
    sitemap: true,
  },
  // The customer's order flow (issue 4). Form pages are about the customer's own data: not worth indexing.
  {
    path: "/plan-details",
    load: () => import("./pages/PlanDetails.tsx").then((m) => m.PlanDetailsPage),
    meta: { title: "Plan Summary | ProfileBoost", description: "Your plan, its price and what happens next." },
  },
  {
    path: "/upload",
    load: () => import("./pages/Upload.tsx").then((m) => m.UploadIsland),
    toasts: true,
    redirect: (params) => (uploadPlan(params) ? null : "/pricing"),
    meta: { title: "Your Profile Details | ProfileBoost", description: "Send your dating profile and 3 to 6 photos, then pay securely." },
  },
  {
    path: "/profile-form",
    load: () => import("./pages/ProfileForm.tsx").then((m) => m.ProfileFormIsland),
    toasts: true,
    meta: { title: "Complete Your Profile | ProfileBoost", description: "Send your dating profile and photos for review." },
  },
  {
    path: "/hinge-form",
    load: () => import("./pages/HingeForm.tsx").then((m) => m.HingeFormIsland),
    toasts: true,
    meta: { title: "Hinge Profile Optimization | ProfileBoost", description: "Send your Hinge prompts and photos for optimization." },
  },
  {
    path: "/bumble-form",
    load: () => import("./pages/BumbleForm.tsx").then((m) => m.BumbleFormIsland),
    toasts: true,
    meta: { title: "Bumble Profile Optimization | ProfileBoost", description: "Send your Bumble bio, prompts and photos for optimization." },
  },
  // Payments (issue 5). Payment pages say nothing worth indexing; their descriptions are for the browser tab.
  {
    path: "/checkout",
    load: () => import("./pages/Checkout.tsx").then((m) => m.CheckoutIsland),
    toasts: true,
    stripe: true,
    meta: { title: "Checkout | ProfileBoost", description: "Complete your purchase securely." },
  },
  {
    path: "/checkout-redirect",
    load: () => import("./pages/CheckoutRedirect.tsx").then((m) => m.CheckoutRedirectIsland),
    toasts: true,
    meta: { title: "Processing Payment | ProfileBoost", description: "Redirecting to the secure payment page." },
  },
  {
    path: "/preparing-checkout",
    load: () => import("./pages/PreparingCheckout.tsx").then((m) => m.PreparingCheckoutIsland),
    toasts: true,
    meta: { title: "Preparing Checkout | ProfileBoost", description: "Preparing your secure checkout." },
  },
  {
    path: "/card-payment",
    load: () => import("./pages/CardPayment.tsx").then((m) => m.CardPaymentIsland),
    toasts: true,
    meta: { title: "Payment Details | ProfileBoost", description: "Pay for your profile optimization." },
  },
  {
    path: "/pay/:sessionId",
    load: () => import("./pages/LocalCheckout.tsx").then((m) => m.LocalCheckoutIsland),
    toasts: true,
    meta: { title: "Secure Checkout | ProfileBoost", description: "Pay for your profile optimization." },
  },
  // /success and the customer's results (/view-results, issue 10) are drawn from server data by their own routes
  // (src/api/results-pages.tsx, decisions 143 and 144), outside this table.
  // The administrator's area (issue 11): never indexed (X-Robots-Tag and the page's own meta say noindex, robots.txt
  // disallows it) and not in the sitemap. One client application (src/web/admin/AdminRouter.tsx) with its toaster of
  // its own: the same island at each of its addresses, which draws the page the address names once signed in.
  {
    path: ADMIN_PATHS.dashboard,
    load: () => import("./pages/Admin.tsx").then((m) => m.AdminIsland),
    meta: { title: ADMIN_TITLES.dashboard, description: "Sign in to review and deliver customers' profiles." },
  },
  // What customers said about their results (issue 32).
  {
    path: ADMIN_PATHS.outcomes,
    load: () => import("./pages/Admin.tsx").then((m) => m.AdminIsland),
    meta: { title: ADMIN_TITLES.outcomes, description: "Whether customers' new profiles worked: the measured outcome." },
  },
  // A profile's review dialog over the dashboard (issue 31), a link writers share: the id is read by the dialog from
  // the API, never from here.
  {
    path: ADMIN_PATHS.profile,
    load: () => import("./pages/Admin.tsx").then((m) => m.AdminIsland),
    meta: { title: ADMIN_TITLES.profile, description: "Review and deliver a customer's profile." },
  },
  ...(
    [
      ["/test-payment", "TestPaymentPage", "Test Payment"],
      ["/simple-payment", "SimplePaymentPage", "Simple Payment"],
      ["/stripe-test", "StripeTestPage", "Payment Configuration Status"],
      ["/payment-check", "PaymentCheckPage", "Payment Check"],
      ["/basic-payment-test", "BasicPaymentTestPage", "Basic Payment Test"],
      ["/payment-test", "PaymentTestPage", "Payment Test"],
      ["/stripe-checkout-test", "StripeCheckoutTestPage", "Checkout Test"],
      ["/simple-checkout", "SimpleCheckoutPage", "Simple Checkout"],
      ["/direct-checkout", "DirectCheckoutPage", "Direct Checkout"],
    ] as const
  ).map(([path, name, title]) => ({
    path,
    internal: true,
    load: internalPage(() => import("./pages/PaymentTests.tsx").then((m) => () => <m.PaymentTestIsland name={name} />)),
    toasts: true as const,
    stripe: true as const,
    meta: { title: `${title} | ProfileBoost`, description: "Internal payment test page." },
  })),
];

export const NOT_FOUND_META: PageMeta = {
  title: "Page not found | ProfileBoost",
  description: "This page does not exist.",
};

/** The page a path shows: static segments compare without case, `:name` takes one non-empty segment, a final `/` is ignored. */
export function findPage(pathname: string): PageRoute | undefined {
  const segments = pathname.replace(/(.)\/$/, "$1").split("/");
  return pages.find((page) => {
    const pattern = page.path.split("/");
    return pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(":") ? segments[i] !== "" : p.toLowerCase() === segments[i]!.toLowerCase()));
  });
}
