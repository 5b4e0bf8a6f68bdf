import { Link } from "../navigation.tsx";
import { PageHero, Section } from "../marketing/layout.tsx";
import { buttonClass } from "../ui/button.ts";

const VALUES = [
  { title: "Authenticity", text: "We make you easier to like, not someone else. Every line we write starts from what you tell us." },
  { title: "Quality Over Quantity", text: "More matches is nice; better matches is the point. We write for the people you want to meet." },
  { title: "Data-Driven Approach", text: "AI analysis finds what holds a profile back; people who know the apps decide what to change." },
] as const;

export function AboutPage() {
  return (
    <>
      <PageHero title="About ProfileBoost" lead="We help people show who they are on dating apps, so the right people notice." />
      <Section id="mission" title="Our Mission">
        <p className="max-w-3xl text-lg">
          Dating apps reward profiles that are clear, specific and warm, and most of us are bad at writing about ourselves. Our mission is to
          give everyone a profile that does them justice, quickly and at a fair price.
        </p>
      </Section>
      <Section id="story" title="Our Story" muted>
        <div className="max-w-3xl space-y-4">
          <p>
            ProfileBoost started with friends asking friends to look over their profiles. The same few changes kept working: a stronger first
            photo, a bio with one real detail instead of five adjectives, prompt answers that ask something back.
          </p>
          <p>
            We turned that into a service. AI analysis does the careful first read of every profile, and a person on our team reviews,
            edits and approves every result before it reaches you.
          </p>
        </div>
      </Section>
      <Section id="values" title="Our Values">
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-lg border border-border p-6">
              <h3 className="text-lg font-semibold">{v.title}</h3>
              <p className="mt-2 text-muted-foreground">{v.text}</p>
            </li>
          ))}
        </ul>
        <Link to="/pricing" className={buttonClass("primary", "lg", "mt-10")}>
          See Our Plans
        </Link>
      </Section>
      <Section id="how-we-measure" title="How We Measure Results" muted>
        <div className="max-w-3xl space-y-4">
          <p>
            We ask every customer, and count every answer. When your results arrive, your results page asks one optional question: roughly how
            many matches you got in the 7 days before. Some days after you tell us you started using the new profile (about two weeks), we e-mail you once and ask how many you got in the last 7 days, which parts you used and how you rate them.
          </p>
          <p>
            The figure we publish is the median of the change (matches after minus matches before) over every customer who gave both numbers,
            with how many that is and since when. We show it only once at least 30 customers have answered, and we show it whether it is good
            or bad. It is what customers report, not a controlled experiment: other things change in a few weeks too.
          </p>
        </div>
      </Section>
    </>
  );
}
