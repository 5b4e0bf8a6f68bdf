import { Provider as JotaiProvider } from "jotai";
import type { ComponentType } from "react";
import { IslandCollector } from "./island.tsx";
import { PageUrlContext } from "./navigation.tsx";
import { NotFoundPage } from "./pages/NotFound.tsx";
import { PublicConfigContext, type PublicConfig } from "./public-config.ts";
import { Shell } from "./shell/Shell.tsx";

/**
 * The whole page as the server draws it (never in the browser: only islands hydrate). `Page` is the route's loaded
 * component, or none for the not-found page; `islands` collects the islands drawn, whose scripts the document adds.
 */
export function App({ config, url, Page, toasts, islands }: { config: PublicConfig; url: URL; Page: ComponentType | undefined; toasts: boolean; islands: Set<string> }) {
  return (
    <PublicConfigContext.Provider value={config}>
      <PageUrlContext.Provider value={url}>
        <IslandCollector.Provider value={islands}>
          {/* One store per request: islands drawn together share it here as they share the browser's default store. */}
          <JotaiProvider>
            <Shell toasts={toasts}>{Page ? <Page /> : <NotFoundPage />}</Shell>
          </JotaiProvider>
        </IslandCollector.Provider>
      </PageUrlContext.Provider>
    </PublicConfigContext.Provider>
  );
}
