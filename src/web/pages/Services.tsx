import { Link } from "../navigation.tsx";
import { CallToAction, CheckList, PageHero } from "../marketing/layout.tsx";
import { buttonClass } from "../ui/button.ts";

const SERVICES = [
  {
    id: "profile-analysis",
    title: "Profile Analysis",
    text: "We read your profile the way a match does in the first few seconds, and tell you what helps and what gets in the way.",
    points: [
      "AI analysis of your bio, prompts and answers",
      "A review by our team of tone, clarity and first impressions",
      "Advice for your app: Hinge, Bumble, Tinder or The League",
      "Clear recommendations you can act on straight away",
    ],
  },
  {
    id: "bio-writing",
    title: "Bio Writing",
    text: "A bio that sounds like you on a good day: specific, warm and easy to reply to.",
    points: [
      "A rewrite built from what you tell us, never a template",
      "Prompt answers that invite a response",
      "Conversation starters around your interests (Premium)",
      "One revision if something doesn't sound like you (Premium)",
    ],
  },
  {
    id: "photo-selection",
    title: "Photo Selection",
    text: "Your photos do most of the talking. We pick the ones that work and put them in the order that works best.",
    points: [
      "Send 3 to 6 photos; we say which to keep and which to drop",
      "The best order, with the strongest photo first",
      "Notes on what each photo says about you",
      "Hidden location data removed from every photo you upload",
    ],
  },
] as const;

export function ServicesPage() {
  return (
    <>
      <PageHero
        title="Our Services"
        lead="Everything we do to turn your dating profile into one that gets noticed: analysis, writing and photo selection, delivered by e-mail."
      />
      {SERVICES.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className={`scroll-mt-20 ${i % 2 === 1 ? "bg-muted/50" : ""}`}>
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2 md:items-start">
            <div>
              <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
                {s.title}
              </h2>
              <p className="mt-3 text-muted-foreground">{s.text}</p>
              <Link to="/pricing" className={buttonClass("primary", "lg", "mt-6")} aria-label={`Get Started with ${s.title}`}>
                Get Started
              </Link>
            </div>
            <div className="rounded-lg border border-border bg-background p-6">
              <h3 className="mb-4 font-semibold">What you get</h3>
              <CheckList items={s.points} />
            </div>
          </div>
        </section>
      ))}
      <CallToAction
        title="Pick the plan that fits"
        lead="Basic covers the essentials; Premium adds a complete rewrite, conversation starters, a strategy guide and a revision."
        to="/pricing"
        label="View Pricing"
      />
    </>
  );
}
