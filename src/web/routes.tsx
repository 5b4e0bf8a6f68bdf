import type { ComponentType } from "react";
import { matchRoutes } from "react-router";

export interface PageMeta {
  title: string;
  description: string;
}

export interface PageRoute {
  path: string;
  /**
   * Imports the page's module. Each page is its own chunk in the browser bundle, so the first load of a page
   * carries only the shell and that page (see PageOutlet.tsx); the server and the browser both load the
   * current page before rendering, so hydration never waits.
   */
  load: () => Promise<ComponentType>;
  meta: PageMeta;
}

/**
 * The one place where pages are listed, for the server (status, <title>) and the browser alike.
 * A page that is not built yet is not here: its path shows the not-found page.
 * Add a page as: { path, load: () => import("./pages/X.tsx").then((m) => m.XPage), meta: { title, description } }.
 */
export const pages: PageRoute[] = [
  {
    path: "/",
    load: () => import("./pages/Home.tsx").then((m) => m.HomePage),
    meta: {
      title: "ProfileBoost: expert dating profile optimization",
      description: "Send us your Hinge, Bumble, Tinder or The League profile and photos; get back a better bio, photo order and conversation starters within 24 hours.",
    },
  },
];

export const NOT_FOUND_META: PageMeta = {
  title: "Page not found | ProfileBoost",
  description: "This page does not exist.",
};

const matchable = pages.map((p) => ({ path: p.path }));

export function findPage(pathname: string): PageRoute | undefined {
  const match = matchRoutes(matchable, pathname);
  const path = match?.[0]?.route.path;
  return path === undefined ? undefined : pages.find((p) => p.path === path);
}
