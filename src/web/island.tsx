import { createContext, useContext, type ComponentType } from "react";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "./dom-markers.ts";
import { safeJson } from "./safe-json.ts";

/**
 * Islands (issue 22, README "How to add an island"): the only parts of a page that run in the browser. An island is
 * declared once, as `export const Name = island("Name", Component)` in a module under src/web; scripts/build.ts finds
 * every such declaration and builds one browser entry for each. On the server the wrapper draws the
 * component inside `<div data-island="Name">`, writes its props (JSON, so they must be plain data) into the script
 * element after it and notes the island, so the document loads that island's script (src/ssr/render.tsx); in the
 * browser src/client/islands.tsx hydrates each such element as its own root. Everything else on the page is HTML.
 */

/** The names of the islands a server render drew, in order; the document adds their scripts. */
export const IslandCollector = createContext<Set<string> | null>(null);

/** Inside an island its children render as plain components: an island in an island hydrates with its parent. */
export const InsideIsland = createContext(false);

export function island<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const inside = useContext(InsideIsland);
    const collector = useContext(IslandCollector);
    if (inside) return <Component {...props} />;
    collector?.add(name);
    return (
      <>
        {/* display: contents, so the wrapper leaves the page's layout as it was */}
        <div {...{ [ISLAND_ATTRIBUTE]: name }} className="contents">
          <InsideIsland.Provider value={true}>
            <Component {...props} />
          </InsideIsland.Provider>
        </div>
        <script type="application/json" {...{ [ISLAND_PROPS_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: safeJson(props) }} />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
