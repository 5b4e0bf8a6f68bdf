import { Link } from "../navigation.tsx";
import { PLANS, formatUsd, type Plan } from "../../shared/orders/plans.ts";
import { LegalPage, type LegalSection } from "../marketing/legal.tsx";
import { usePublicConfig } from "../public-config.ts";

/** Every plan that can be bought (Elite too, though the pricing page does not offer it), from the one plan table. */
const PLAN_LIST = Object.values(PLANS);
const WITH_REVISIONS = PLAN_LIST.filter((p) => p.revisionsAllowed > 0);
const WITHOUT_REVISIONS = PLAN_LIST.filter((p) => p.revisionsAllowed === 0);

const titles = (plans: readonly Plan[]) => plans.map((p) => p.title).join(" and ");
const revisions = (n: number) => `${n} revision${n === 1 ? "" : "s"}`;

/** True of whichever provider takes the payments: Stripe's card form, or the built-in test provider. */
function CardDetails({ provider }: { provider: "stripe" | "local" }) {
  if (provider === "stripe") {
    return (
      <>
        Card payments are handled by Stripe: you type your card details on Stripe's own form, they go straight from your browser to Stripe, and we
        never see or store them.
      </>
    );
  }
  return (
    <>
      This site is running with its built-in test payments, which are meant for development and testing: no real card is charged and no real
      payment is taken. The test card number typed on its checkout page is checked by our server to pick the test outcome and is never stored.
    </>
  );
}

export function TermsOfServicePage() {
  const { supportEmail, paymentProvider } = usePublicConfig();
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: "acceptance",
      title: "Acceptance of Terms",
      body: <p>By buying or using ProfileBoost you agree to these terms. If you do not agree, please do not use the service.</p>,
    },
    {
      id: "service",
      title: "Description of Service",
      body: (
        <>
          <p>
            ProfileBoost optimizes dating profiles for Hinge, Bumble, Tinder and The League. Depending on your plan this includes profile analysis,
            bio writing, photo selection and ordering, conversation starters and an app strategy guide. Our team, helped by AI analysis, prepares
            the result, and an administrator reviews and approves it before it is e-mailed to you.
          </p>
          <p>What each plan includes:</p>
          <ul aria-label="What each plan includes">
            {PLAN_LIST.map((p) => (
              <li key={p.id}>
                {p.title}: {p.description} ({p.features.join(", ")}.)
              </li>
            ))}
          </ul>
          <p>
            Hinge has no bio, so its bio parts do not apply there; which prompts to answer is given for the apps whose prompts our forms offer
            (Hinge and Bumble).
          </p>
        </>
      ),
    },
    {
      id: "orders-and-payment",
      title: "Orders and Payment",
      body: (
        <>
          <p>Prices are one-time payments in US dollars, with no subscription:</p>
          <ul aria-label="Plans">
            {PLAN_LIST.map((p) => (
              <li key={p.id}>
                {p.title}: {formatUsd(p.priceCents)}, delivered within {p.deliveryHours} hours.
              </li>
            ))}
          </ul>
          <p>
            Payment is required before work starts. <CardDetails provider={paymentProvider} />
          </p>
        </>
      ),
    },
    {
      id: "delivery",
      title: "Delivery",
      body: (
        <p>
          We e-mail your optimized profile to the address you give us within your plan's delivery time (
          {PLAN_LIST.map((p) => `${p.title} ${p.deliveryHours} hours`).join(", ")}), counted from when both your payment and your profile have
          reached us.
        </p>
      ),
    },
    {
      id: "revisions",
      title: "Revisions",
      body: (
        <p>
          {WITH_REVISIONS.map((p) => `${p.title} includes ${revisions(p.revisionsAllowed)}`).join("; ")}: reply to your results e-mail or write to{" "}
          {mail} and tell us what to change. {titles(WITHOUT_REVISIONS)} {WITHOUT_REVISIONS.length === 1 ? "does" : "do"} not include revisions.
        </p>
      ),
    },
    {
      id: "refunds",
      title: "Refunds",
      body: (
        <p>
          Because work starts once you have paid, fees are non-refundable, except when we cannot deliver the service. A refund request must be
          made within 7 days of delivery, after any revisions included in your plan have been used, by writing to {mail}.
        </p>
      ),
    },
    {
      id: "your-content",
      title: "Your Content",
      body: (
        <p>
          You confirm that the text and photos you send are yours to share and show you. You allow us to use them only to provide the service.
          Please do not send photos of other people without their permission.
        </p>
      ),
    },
    {
      id: "ownership",
      title: "Ownership of Delivered Content",
      body: <p>The bio, prompt answers, conversation starters and other content we deliver to you belong to you. Use them however you like.</p>,
    },
    {
      id: "marketing-examples",
      title: "Anonymous Examples",
      body: (
        <p>
          We may use anonymous examples of our work, with your name, photos and anything that could identify you removed, in our marketing,
          unless you opt out by writing to {mail}.
        </p>
      ),
    },
    {
      id: "limitation",
      title: "No Guarantee of Matches and Limitation of Liability",
      body: (
        <p>
          We work hard to improve your profile, but matches depend on many things outside our control, so we cannot guarantee any number of
          matches or dates. As far as the law allows, our liability is limited to the amount you paid for the service.
        </p>
      ),
    },
    {
      id: "changes-and-contact",
      title: "Changes and Contact",
      body: (
        <p>
          We may update these terms; the date at the top shows the latest version. Questions? Use our <Link to="/contact">contact page</Link>{" "}
          or write to {mail}. Read how we handle your data in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>These terms govern your use of ProfileBoost and any purchase you make from us.</p>}
      sections={sections}
    />
  );
}
