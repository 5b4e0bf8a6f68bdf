import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabSpec {
  label: string;
  content: ReactNode;
}

/**
 * Tabs after the WAI-ARIA Authoring Practices: one tab stop (the selected tab), arrow keys move between tabs and
 * select them, Home and End jump to the ends. On a phone the tabs stack: "Recommendations" is wider than a third of
 * the screen. Every panel stays mounted (hidden when not selected), so what the
 * customer opened or scrolled in one panel is still there when they come back to it. `selected` and `onSelect` let the
 * page choose the tab (the review dialog brings its editor back when a save stops at a field).
 */
export function Tabs({ label, tabs, selected: chosen, onSelect }: { label: string; tabs: TabSpec[]; selected?: number; onSelect?: (i: number) => void }) {
  const [own, setOwn] = useState(0);
  const selected = chosen ?? own;
  const base = useId();

  return (
    <div>
      <TabButtons label={label} idBase={base} labels={tabs.map((t) => t.label)} selected={selected} onSelect={onSelect ?? setOwn} />
      {tabs.map((tab, i) => (
        <TabPanel key={tab.label} idBase={base} index={i} hidden={i !== selected}>
          {tab.content}
        </TabPanel>
      ))}
    </div>
  );
}

/** One tab's panel, tied to its tab by the ids of `idBase`; focusable, so a keyboard reaches its content next. */
export function TabPanel({ idBase, index, hidden, children }: { idBase: string; index: number; hidden: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idBase, index)}
      aria-labelledby={tabButtonId(idBase, index)}
      hidden={hidden}
      tabIndex={0}
      className="mt-6 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background"
    >
      {children}
    </div>
  );
}

/** The ids that tie a tab to its panel, from the tabs' common base. */
export const tabButtonId = (base: string, i: number) => `${base}-tab-${i}`;
export const tabPanelId = (base: string, i: number) => `${base}-panel-${i}`;

/**
 * The tab list itself, for these tabs and for the results page's tabs over server-drawn panels (ServerTabs.tsx): one
 * tab stop (the selected tab), the arrow keys move between tabs and select them, Home and End jump to the ends.
 */
export function TabButtons({ label, idBase, labels, selected, onSelect }: { label: string; idBase: string; labels: string[]; selected: number; onSelect: (i: number) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (i: number) => {
    onSelect(i);
    refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = labels.length - 1;
    const after = selected === last ? 0 : selected + 1;
    const before = selected === 0 ? last : selected - 1;
    // The tabs sit in a row, or in a column on a narrow screen: both pairs of arrows work.
    const next = { ArrowRight: after, ArrowDown: after, ArrowLeft: before, ArrowUp: before, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };

  return (
    <div role="tablist" aria-label={label} className="grid gap-1 rounded-lg bg-muted p-1 sm:auto-cols-fr sm:grid-flow-col">
      {labels.map((text, i) => (
        <button
          key={text}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabButtonId(idBase, i)}
          aria-selected={i === selected}
          aria-controls={tabPanelId(idBase, i)}
          tabIndex={i === selected ? 0 : -1}
          onClick={() => onSelect(i)}
          onKeyDown={onKeyDown}
          className={`min-h-10 rounded-md px-2 py-2 text-sm font-medium leading-tight transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring ${
            i === selected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground"
          }`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
