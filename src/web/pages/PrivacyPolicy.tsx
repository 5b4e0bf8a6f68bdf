import { Link } from "../navigation.tsx";
import { LegalPage, type LegalSection } from "../marketing/legal.tsx";
import { BROWSER_STORAGE, HOSTING, NO_PROCESSORS, notStored, processors, retentionFacts, SELF_SERVICE, STORED_DATA } from "../marketing/privacy-facts.ts";
import { usePublicConfig } from "../public-config.ts";

export function PrivacyPolicyPage() {
  const config = usePublicConfig();
  const { supportEmail, paymentProvider } = config;
  const processorList = processors(config);
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: "who-we-are",
      title: "Who We Are",
      body: (
        <p>
          ProfileBoost is a dating profile optimization service. We are responsible for the personal data you give us through this website. You
          can reach us at {mail} or through our <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
    {
      id: "information-we-collect",
      title: "Information We Collect",
      body: (
        <>
          <p>We keep only what we need to do the work you pay for:</p>
          <ul>
            {STORED_DATA.map((d) => (
              <li key={d.what}>
                {d.what}: {d.why}.
              </li>
            ))}
          </ul>
          <p>What we do not keep:</p>
          <ul>
            {notStored(paymentProvider).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "How We Use Your Information",
      body: (
        <>
          <p>
            We use your information to analyze and optimize your profile, to deliver the results to you by e-mail, to handle your payment and
            to answer your messages. An administrator on our team reviews every result before it is sent.
          </p>
          <p id="outcome-questions">
            Did it work? Your results page asks, if you want to answer, roughly how many matches you got in the 7 days before using them.
            Some days after you tell us you updated your profile (or after your results arrive, if you don't), we e-mail you once with a link
            to four questions: your matches in the last 7 days, which parts you used, a rating from 1 to 5 and an optional comment. We ask to
            learn which parts of our work help, and we publish only figures over many customers (a median and how many answered), never with
            your name or address. Answering is optional. To opt out of the e-mail, use the "Don't e-mail me about this" button on your
            results page, the "Opt out" link in the e-mail (one click: opening it is enough, and the page it opens can undo it) or your mail
            program's unsubscribe button, or write to {mail}. Your answers are part of
            your data: in your export, deleted when you erase your data, and deleted with your profile text when the retention period ends.
          </p>
          <p>
            We may use anonymous examples (with names, photos and anything that could identify you removed) to show what our service does,
            unless you opt out by writing to {mail}. We never sell your data.
          </p>
        </>
      ),
    },
    {
      id: "who-processes-your-data",
      title: "Who Processes Your Data",
      body: (
        <>
          <p>We never sell your information or share it with third parties, except with these services, which handle it for us and only for that:</p>
          <ul>
            {[HOSTING, ...processorList].map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong> {p.does}
              </li>
            ))}
          </ul>
          {processorList.length === 0 && <p>{NO_PROCESSORS}</p>}
        </>
      ),
    },
    {
      id: "data-retention",
      title: "Data Retention",
      body: (
        <p>
          {retentionFacts(config.retention)} {SELF_SERVICE} Or write to {mail} from that address.
        </p>
      ),
    },
    {
      id: "data-security",
      title: "Data Security",
      body: (
        <p>
          {`Your photos are stored ${config.processors.storage?.photos ? "in private storage that only our server can read," : "on our server"} outside the public website and are shown only to our signed-in administrators.`} Your
          results are reached through a link with a random identifier that cannot be guessed. Administrator access needs a password, and
          the site sends strict security headers with every page.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and Local Storage",
      body: (
        <ul>
          {BROWSER_STORAGE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: "Your Rights (GDPR)",
      body: (
        <>
          <p>
            Under the General Data Protection Regulation you have the right to access the data we hold about you, to have it corrected or
            deleted, to restrict or object to its use, to receive it in a portable format, and to withdraw consent (for example to anonymous
            examples) at any time.
          </p>
          <p>
            {SELF_SERVICE} To use any of these rights, you can also write to {mail} from the e-mail address you used with us. You may also
            complain to your data protection authority.
          </p>
        </>
      ),
    },
    {
      id: "contact-us",
      title: "Contact Us",
      body: (
        <p>
          Questions about this policy? Use our <Link to="/contact">contact page</Link> or write to {mail}.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what personal data ProfileBoost keeps, why, who else handles it, and how you can control it.</p>}
      sections={sections}
    />
  );
}
