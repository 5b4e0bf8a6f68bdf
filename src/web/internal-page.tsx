import type { ComponentType } from "react";
import { NotFoundPage } from "./pages/NotFound.tsx";
import { usePublicConfig } from "./public-config.ts";

/**
 * Wraps the loader of an internal test page: in production the page draws the not-found page (and the server
 * answers 404, see `internal` in routes.tsx), on the server and in the browser alike, so hydration matches.
 */
export function internalPage(load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return () =>
    load().then((Page) => {
      function InternalOnly() {
        return usePublicConfig().internalPages ? <Page /> : <NotFoundPage />;
      }
      return InternalOnly;
    });
}
