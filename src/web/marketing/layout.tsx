import type { ReactNode } from "react";
import { Link } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";

/** The band at the top of every marketing page: one h1 and a short lead. */
export function PageHero({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function Section({ id, title, lead, children, muted = false }: { id?: string; title: string; lead?: ReactNode; children: ReactNode; muted?: boolean }) {
  const headingId = `${id ?? slug(title)}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 ${muted ? "bg-muted/50" : ""}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-3 max-w-2xl text-muted-foreground">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A closing band with one call to action. */
export function CallToAction({ title, lead, to, label }: { title: string; lead: string; to: string; label: string }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 py-14 sm:items-center sm:text-center">
        <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="max-w-2xl opacity-90">{lead}</p>
        <Link to={to} className={buttonClass("outline", "lg", "border-transparent text-foreground")}>
          {label}
        </Link>
      </div>
    </section>
  );
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
