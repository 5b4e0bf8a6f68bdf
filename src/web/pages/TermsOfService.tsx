import { Link } from "react-router";
import { PLANS, formatUsd } from "../../orders/plans.ts";
import { LegalPage, type LegalSection } from "../marketing/legal.tsx";
import { usePublicConfig } from "../public-config.ts";

export function TermsOfServicePage() {
  const { supportEmail } = usePublicConfig();
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  const { basic, premium } = PLANS;

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
        <p>
          ProfileBoost optimises dating profiles for Hinge, Bumble, Tinder and The League. Depending on your plan this includes profile analysis,
          bio writing, photo selection and ordering, conversation starters and an app strategy guide. Our team, helped by AI analysis, prepares
          the result, and an administrator reviews and approves it before it is e-mailed to you.
        </p>
      ),
    },
    {
      id: "orders-and-payment",
      title: "Orders and Payment",
      body: (
        <p>
          Prices are one-time payments in US dollars: {basic.title} {formatUsd(basic.priceCents)} and {premium.title}{" "}
          {formatUsd(premium.priceCents)}. Payment is required before work starts. Card payments are handled by our payment provider; we never
          see your card details.
        </p>
      ),
    },
    {
      id: "delivery",
      title: "Delivery",
      body: (
        <p>
          We e-mail your optimised profile to the address you give us, within {basic.deliveryHours} hours on {basic.title} and{" "}
          {premium.deliveryHours} hours on {premium.title}, counted from when both your payment and your profile have reached us.
        </p>
      ),
    },
    {
      id: "revisions",
      title: "Revisions",
      body: (
        <p>
          {premium.title} includes {premium.revisionsAllowed} revision: reply to your results e-mail or write to {mail} and tell us what to
          change. {basic.title} does not include revisions.
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
