import type { ReactNode } from "react";
import { Link } from "../navigation.tsx";

/** Spec section 9: both legal pages were last updated on this date. */
export const LEGAL_LAST_UPDATED = "May 15, 2025";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, date, a contents list (real links, so it works without JavaScript), numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="mt-6 text-lg">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-lg border border-border bg-muted/40 p-5">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10 scroll-mt-20">
          <h2 id={`${s.id}-heading`} className="text-xl font-semibold">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
            {s.body}
          </div>
        </section>
      ))}
      <p className="mt-12 border-t border-border pt-6">
        <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          Back to Home
        </Link>
      </p>
    </article>
  );
}
