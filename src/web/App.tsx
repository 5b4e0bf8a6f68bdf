import { Provider as JotaiProvider } from "jotai";
import { Route, Routes } from "react-router";
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
          <Routes>
            {pages.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Shell>
      </JotaiProvider>
    </PublicConfigContext.Provider>
  );
}
