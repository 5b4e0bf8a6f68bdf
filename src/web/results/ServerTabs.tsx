import { useEffect, useState } from "react";
import { island } from "../island.tsx";
import { TabButtons, TabPanel, tabPanelId as panelId, type TabSpec } from "./Tabs.tsx";

/**
 * The no-JavaScript reading: no tab list (its buttons need a script), every panel shown in order under its heading. In
 * the base layer, beside the preflight's `[hidden] { display: none !important }`: an important declaration outside
 * any layer would lose to it.
 */
const NO_SCRIPT_CSS = "@layer base{[data-server-tabs] [role=tablist]{display:none!important}[data-server-tabs] [role=tabpanel][hidden],[data-server-tabs] [data-tab-heading][hidden]{display:block!important}}";

/**
 * Tabs whose panels are the server's HTML (the results page, decision 143): the panels are drawn here, outside any
 * island, so their content never travels twice (as HTML and as island props) and needs no script; the tab list is
 * the island, and shows and hides the panels by their ids. Without JavaScript the tab list is hidden and every panel
 * reads in order, each under its heading.
 */
export function ServerTabs({ label, idBase, tabs }: { label: string; idBase: string; tabs: TabSpec[] }) {
  return (
    <div data-server-tabs="">
      <noscript>
        <style>{NO_SCRIPT_CSS}</style>
      </noscript>
      <TabListIsland label={label} idBase={idBase} labels={tabs.map((t) => t.label)} />
      {tabs.map((tab, i) => (
        <TabPanel key={tab.label} idBase={idBase} index={i} hidden={i !== 0}>
          <h3 hidden data-tab-heading="" className="mb-4 border-t border-border pt-6 text-lg font-semibold">
            {tab.label}
          </h3>
          {tab.content}
        </TabPanel>
      ))}
    </div>
  );
}

/**
 * The tab list after the WAI-ARIA Authoring Practices (as src/web/results/Tabs.tsx): one tab stop (the selected tab),
 * arrow keys move between tabs and select them, Home and End jump to the ends; on a phone the tabs stack. The first
 * tab is selected as the server drew it, so hydration finds the panels as they are.
 */
function TabList({ label, idBase, labels }: { label: string; idBase: string; labels: string[] }) {
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    labels.forEach((_, i) => {
      const panel = document.getElementById(panelId(idBase, i));
      if (panel) panel.hidden = i !== selected;
    });
  }, [selected, idBase, labels]);

  return <TabButtons label={label} idBase={idBase} labels={labels} selected={selected} onSelect={setSelected} />;
}

export const TabListIsland = island("TabListIsland", TabList);
