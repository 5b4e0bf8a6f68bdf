import { Link } from "react-router";
import { buttonClass } from "../ui/button.ts";

export function HomePage() {
  return (
    <section className="bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-20 sm:py-28">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Make your dating profile work as hard as you do</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Send us your profile and photos. Our team, helped by AI analysis, rewrites your bio, picks and orders your photos and
          gives you conversation starters, delivered by e-mail within 24 hours.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/upload" className={buttonClass("primary", "lg")}>
            Get Started
          </Link>
          <Link to="/services" className={buttonClass("outline", "lg")}>
            Learn More
          </Link>
        </div>
      </div>
    </section>
  );
}
