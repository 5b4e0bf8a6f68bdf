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
  const setSelected = onSelect ?? setOwn;
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  const select = (i: number) => {
    setSelected(i);
    refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const after = selected === last ? 0 : selected + 1;
    const before = selected === 0 ? last : selected - 1;
    // The tabs sit in a row, or in a column on a narrow screen: both pairs of arrows work.
    const next = { ArrowRight: after, ArrowDown: after, ArrowLeft: before, ArrowUp: before, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="grid gap-1 rounded-lg bg-muted p-1 sm:auto-cols-fr sm:grid-flow-col">
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={panelId(i)}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
            className={`min-h-10 rounded-md px-2 py-2 text-sm font-medium leading-tight transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring ${
              i === selected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={panelId(i)}
          aria-labelledby={tabId(i)}
          hidden={i !== selected}
          tabIndex={0}
          className="mt-6 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
