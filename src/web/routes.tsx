import type { ComponentType } from "react";
import { matchRoutes } from "react-router";
import { HomePage } from "./pages/Home.tsx";

export interface PageMeta {
  title: string;
  description: string;
}

export interface PageRoute {
  path: string;
  Component: ComponentType;
  meta: PageMeta;
}

/**
 * The one place where pages are listed, for the server (status, <title>) and the browser alike.
 * A page that is not built yet is not here: its path shows the not-found page.
 */
export const pages: PageRoute[] = [
  {
    path: "/",
    Component: HomePage,
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
