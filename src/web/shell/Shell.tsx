import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { findPage, NOT_FOUND_META } from "../routes.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { ScrollToTop } from "./ScrollToTop.tsx";
import { Toaster } from "./Toaster.tsx";

export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // A marker for tests and scripts: the page is interactive once React has hydrated it.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    document.title = (findPage(pathname)?.meta ?? NOT_FOUND_META).title;
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
