import { use, type ComponentType } from "react";
import { Navigate, useSearchParams } from "react-router";
import type { PageRoute } from "./routes.tsx";

const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();

/** Loads a page's module once; after it resolves, the page renders without suspending. */
export function preloadPage(page: PageRoute): Promise<ComponentType> {
  let promise = loading.get(page.path);
  if (!promise) {
    promise = page.load().then((Component) => {
      loaded.set(page.path, Component);
      return Component;
    });
    promise.catch(() => loading.delete(page.path)); // a failed chunk load may be retried by the next navigation
    loading.set(page.path, promise);
  }
  return promise;
}

/**
 * Renders a page, suspending (inside the app's Suspense) only while a not-yet-loaded page's chunk arrives. A page's
 * redirect (routes.tsx) goes first, so a link the page cannot serve never draws it or loads its chunk.
 */
export function PageOutlet({ page }: { page: PageRoute }) {
  const [params] = useSearchParams();
  const target = page.redirect?.(params);
  if (target) return <Navigate to={target} replace />;
  return <LoadedPage page={page} />;
}

function LoadedPage({ page }: { page: PageRoute }) {
  const Component = loaded.get(page.path) ?? use(preloadPage(page));
  return <Component />;
}
