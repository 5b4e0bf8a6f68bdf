import { use, type ComponentType } from "react";
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

/** Renders a page, suspending (inside the app's Suspense) only while a not-yet-loaded page's chunk arrives. */
export function PageOutlet({ page }: { page: PageRoute }) {
  const Component = loaded.get(page.path) ?? use(preloadPage(page));
  return <Component />;
}
