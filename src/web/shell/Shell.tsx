import type { ReactNode } from "react";
import { Toaster } from "./Toaster.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

/**
 * The frame of every page, server HTML: a new page is a new document, so it starts at the top with focus on the
 * document (no script needed). The toaster is an island, drawn on the pages that show the spec's toasts.
 */
export function Shell({ toasts, children }: { toasts: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      {toasts && <Toaster />}
    </div>
  );
}
