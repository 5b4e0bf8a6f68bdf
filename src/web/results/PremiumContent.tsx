import { parseGuide, parseNumberedList } from "./markdown.ts";

/** The premium plans' conversation starters (a numbered Markdown list), rendered as text. */
export function ConversationStarters({ markdown }: { markdown: string }) {
  const starters = parseNumberedList(markdown);
  if (starters.length === 0) return null;
  return (
    <section aria-labelledby="starters-heading" className="mt-8" data-testid="conversation-starters">
      <h3 id="starters-heading" className="text-lg font-semibold">
        Conversation Starters
      </h3>
      <ol className="mt-3 list-decimal space-y-2 pl-6">
        {starters.map((starter, i) => (
          <li key={i}>{starter}</li>
        ))}
      </ol>
    </section>
  );
}

/** The premium plans' strategy guide: "#" is its title, "##" its sections, "-" its points; all rendered as text. */
export function StrategyGuide({ text }: { text: string }) {
  const blocks = parseGuide(text);
  if (blocks.length === 0) return null;
  return (
    <section aria-labelledby="guide-heading" className="mt-8" data-testid="strategy-guide">
      <h3 id="guide-heading" className="text-lg font-semibold">
        Dating App Strategy Guide
      </h3>
      <div className="mt-3 space-y-3">
        {blocks.map((block, i) => {
          switch (block.kind) {
            case "title":
              return (
                <h4 key={i} className="font-semibold">
                  {block.text}
                </h4>
              );
            case "heading":
              return (
                <h5 key={i} className="mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                  {block.text}
                </h5>
              );
            case "list": {
              const List = block.ordered ? "ol" : "ul";
              return (
                <List key={i} className={`${block.ordered ? "list-decimal" : "list-disc"} space-y-1 pl-6`}>
                  {block.items.map((item, j) => (
                    <li key={j}>{item}</li>
                  ))}
                </List>
              );
            }
            case "paragraph":
              return <p key={i}>{block.text}</p>;
          }
        })}
      </div>
    </section>
  );
}
