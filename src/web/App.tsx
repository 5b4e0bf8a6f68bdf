import { Provider as JotaiProvider } from "jotai";
import { Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageOutlet } from "./PageOutlet.tsx";
import { NotFoundPage } from "./pages/NotFound.tsx";
import { PublicConfigContext, type PublicConfig } from "./public-config.ts";
import { pages } from "./routes.tsx";
import { Shell } from "./shell/Shell.tsx";

/** The whole page tree, rendered by the server inside a StaticRouter and hydrated inside a BrowserRouter. */
export function App({ config }: { config: PublicConfig }) {
  return (
    <PublicConfigContext.Provider value={config}>
      <JotaiProvider>
        <Shell>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {pages.map((page) => (
                <Route key={page.path} path={page.path} element={<PageOutlet page={page} />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </Shell>
      </JotaiProvider>
    </PublicConfigContext.Provider>
  );
}

function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
