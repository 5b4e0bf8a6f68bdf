import { Link } from "../navigation.tsx";
import { CallToAction, Section } from "../marketing/layout.tsx";
import { OutcomeClaim } from "../marketing/OutcomeClaim.tsx";
import { Stars } from "../marketing/Stars.tsx";
import { COUPLE_IMAGES, TESTIMONIALS } from "../marketing/testimonials.ts";
import { buttonClass } from "../ui/button.ts";

const STEPS = [
  { title: "Submit Your Profile", text: "Pick a plan, then send us your current profile text and 3 to 6 photos. It takes about five minutes." },
  { title: "Expert Analysis", text: "Our team, helped by AI analysis, reviews your bio, prompts and photos against what works on your app." },
  { title: "Increase Your Matches", text: "You receive a rewritten bio, the best photo order and opening lines by e-mail, ready to paste in." },
] as const;

const RESULTS = [
  { figure: "43%", label: "average increase in quality matches" },
  { figure: "24h", label: "delivery on the Premium plan (48h on Basic)" },
  { figure: "100%", label: "satisfaction guarantee" },
] as const;

const FEATURES = [
  { title: "AI Profile Analysis", text: "Every line of your profile is checked for clarity, tone and the details that start conversations." },
  { title: "Professional Bio Writing", text: "A bio that sounds like you, shows what you care about and gives matches something to reply to." },
  { title: "Photo Selection", text: "We choose which photos to keep and the order to show them in, and say why." },
  { title: "Conversation Starters", text: "Openers written around your interests, so the first message is easy to send." },
  { title: "Rapid Turnaround", text: "Your optimized profile arrives by e-mail within 24 hours on Premium and 48 hours on Basic." },
  { title: "Privacy Protection", text: "Photos are stripped of hidden location data, and your details are never sold or passed on beyond the services that work for us." },
] as const;

export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">Make your dating profile work as hard as you do</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Send us your profile and photos. Our team, helped by AI analysis, rewrites your bio, picks and orders your photos and gives
            you conversation starters, delivered by e-mail within 24 hours.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/upload" className={buttonClass("primary", "lg")}>
              Get Started
            </Link>
            <Link to="/services" className={buttonClass("outline", "lg")}>
              Learn More<span className="sr-only"> about our services</span>
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">For Hinge, Bumble, Tinder and The League.</p>
        </div>
      </section>

      <Section id="how-it-works" title="How It Works" lead="Three steps from the profile you have to the one you want.">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-lg border border-border bg-background p-6">
              <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="results" title="Proven Results" muted lead="What customers tell us after they update their profiles.">
        <ul className="grid gap-6 sm:grid-cols-3">
          {RESULTS.map((r) => (
            <li key={r.figure} className="rounded-lg bg-background p-6 text-center shadow-sm">
              <p className="text-4xl font-bold text-primary">{r.figure}</p>
              <p className="mt-2 text-muted-foreground">{r.label}</p>
            </li>
          ))}
        </ul>
        <OutcomeClaim className="mt-6 text-center" />
      </Section>

      <Section id="features" title="Everything Your Profile Needs">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-lg border border-border p-6">
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-muted-foreground">{f.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="success-stories" title="Success Stories" muted lead="People who changed their profiles with us, and what happened next.">
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {COUPLE_IMAGES.map((img) => (
            <li key={img.src}>
              <img src={img.src} alt={img.alt} width={480} height={400} loading="lazy" decoding="async" className="h-auto w-full rounded-lg" />
            </li>
          ))}
        </ul>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col gap-4 rounded-lg bg-background p-6 shadow-sm">
                <Stars rating={t.stars} />
                <blockquote className="flex-1">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>
                  <span className="font-semibold">{t.name}</span>
                  <span className="block text-sm text-muted-foreground">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">First names only, for our customers' privacy. The pictures are illustrations.</p>
        <div className="mt-8">
          <Link to="/pricing" className={buttonClass("primary", "lg")}>
            See Plans and Prices
          </Link>
        </div>
      </Section>

      <CallToAction
        title="Ready for better matches?"
        lead="Choose a plan, send your profile, and have a stronger one in your inbox within a day or two."
        to="/pricing"
        label="View Pricing Options"
      />
    </>
  );
}
