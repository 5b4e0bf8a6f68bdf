/**
 * The results e-mail: the released result, whole, so the customer has it without visiting the site, plus the link
 * to the results page. The two HTML parts may have been edited by an administrator, so they are sanitised again
 * here, whatever was done before they were stored; every other string is text, escaped by React.
 */
import { Fragment, type CSSProperties } from "react";
import { sanitiseHtml } from "../html/sanitise.ts";
import { COLOURS, EmailButton, EmailLayout, HEADING, LINK, oneLine, QUOTE, renderEmail } from "./render.tsx";

export interface ResultsEmailData {
  /** "Premium". */
  planTitle: string;
  /** "Bumble". */
  appName: string;
  /** The released `optimized_profile` HTML (ours or an administrator's edit). */
  optimizedHtml: string;
  /** The released `recommendations` HTML. */
  recommendationsHtml: string;
  /**
   * What we changed in each part and why: the part's notes (the machine's on a part no one edited; an edited part has
   * none), in the order of the profile. Empty when no part has a note: the e-mail then promises none.
   */
  changes: { part: string; notes: string[] }[];
  /** In the recommended order; `label` names the photo by upload order ("Photo 3"). */
  photos: { label: string; keep: boolean; score: number; reasons: string[] }[];
  /** Premium and elite; empty for basic. */
  conversationStarters: string[];
  /** Premium and elite: text with `#` headings and `-` bullets; null for basic. */
  strategyGuide: string | null;
  resultsUrl: string;
  supportEmail: string;
  /** Basic 0; premium and elite 1 until it is used. */
  revisionsLeft: number;
  /** Set when this result is the revision the customer asked for: the subject and the first lines say so. */
  revision: { notes: string } | null;
}

export function renderResultsEmail(data: ResultsEmailData): { subject: string; html: string; text: string } {
  const subject = oneLine(data.revision ? `Your revised ${data.appName} profile is ready` : `Your optimized ${data.appName} profile is ready`);
  return { subject, ...renderEmail(<ResultsEmail data={data} title={subject} />) };
}

const P: CSSProperties = { margin: "0 0 12px" };
const ITEM: CSSProperties = { margin: "0 0 8px" };

function ResultsEmail({ data, title }: { data: ResultsEmailData; title: string }) {
  const kept = data.photos.filter((p) => p.keep);
  const leftOut = data.photos.filter((p) => !p.keep);
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>{title}</h1>
      <p style={P}>Hello,</p>
      {data.revision ? (
        <>
          <p style={P}>
            This is the revision you asked for: your {data.appName} profile with the changes you requested, reviewed by our team. It replaces the
            results we sent before. Copy the new text into the app whenever you like.
          </p>
          <p style={P}>
            <strong>You asked:</strong>
          </p>
          <div style={QUOTE}>{data.revision.notes}</div>
        </>
      ) : (
        <p style={P}>
          Your ProfileBoost {data.planTitle} results are here: your optimized {data.appName} profile,{data.changes.length > 0 ? " what we changed and why," : ""} and the
          order to put your photos in. Copy the new text into the app whenever you like.
        </p>
      )}
      <EmailButton href={data.resultsUrl}>See your results online</EmailButton>

      <h2 style={HEADING.h2}>Your optimized profile</h2>
      <div dangerouslySetInnerHTML={{ __html: sanitiseHtml(data.optimizedHtml) }} />

      {data.changes.length > 0 && (
        <>
          <h2 style={HEADING.h2}>What we changed and why</h2>
          {data.changes.map((change, i) => (
            <Fragment key={i}>
              <p style={{ ...P, margin: "0 0 4px" }}>
                <strong>{change.part}</strong>
              </p>
              <ul style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
                {change.notes.map((note, j) => (
                  <li key={j} style={ITEM}>
                    {note}
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        </>
      )}

      <h2 style={HEADING.h2}>Our recommendations</h2>
      <div dangerouslySetInnerHTML={{ __html: sanitiseHtml(data.recommendationsHtml) }} />

      {data.photos.length > 0 && (
        <>
          <h2 style={HEADING.h2}>Your photo order</h2>
          {kept.length > 0 && (
            <ol style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
              {kept.map((photo, i) => (
                <li key={i} style={ITEM}>
                  <strong>{photo.label}</strong> (score {photo.score}/100): {photo.reasons.join(" ")}
                </li>
              ))}
            </ol>
          )}
          {leftOut.length > 0 && (
            <>
              <p style={P}>
                <strong>Leave these photos out:</strong>
              </p>
              <ul style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
                {leftOut.map((photo, i) => (
                  <li key={i} style={ITEM}>
                    <strong>{photo.label}: leave out</strong> (score {photo.score}/100): {photo.reasons.join(" ")}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      {data.conversationStarters.length > 0 && (
        <>
          <h2 style={HEADING.h2}>Conversation starters</h2>
          <ol style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
            {data.conversationStarters.map((starter, i) => (
              <li key={i} style={ITEM}>
                {starter}
              </li>
            ))}
          </ol>
        </>
      )}

      {data.strategyGuide?.trim() && (
        <>
          <h2 style={HEADING.h2}>Your dating strategy guide</h2>
          <StrategyGuide text={data.strategyGuide} />
        </>
      )}

      {data.revisionsLeft > 0 ? (
        <>
          <h2 style={HEADING.h2}>Want something changed?</h2>
          <p style={P}>
            Ask for a revision on{" "}
            <a href={data.resultsUrl} style={LINK}>
              your results page
            </a>
            , or reply to this e-mail with what you'd like changed, and we'll revise your profile: your plan includes {data.revisionsLeft}{" "}
            {data.revisionsLeft === 1 ? "revision" : "revisions"}.
          </p>
        </>
      ) : (
        <>
          <h2 style={HEADING.h2}>Questions?</h2>
          <p style={P}>
            If something in your results is not right, write to us at <a href={`mailto:${data.supportEmail}`} style={LINK}>{data.supportEmail}</a>.
          </p>
        </>
      )}
      <p style={{ ...P, color: COLOURS.muted, fontSize: "14px" }}>
        Your results stay on{" "}
        <a href={data.resultsUrl} style={LINK}>
          your results page
        </a>
        .
      </p>
    </EmailLayout>
  );
}

type GuideBlock = { kind: "h3" | "h4"; text: string } | { kind: "p" | "ul" | "ol"; lines: string[] };

/**
 * The guide as the admin uploads it (spec: a .txt or .md file): `#` headings, `-`/`*` bullets and `1.` steps become
 * their elements; other lines are paragraphs, split by blank lines, each line kept as written. Nothing else of
 * Markdown is read, and every word is text.
 */
function guideBlocks(text: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  let afterBlank = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (!line || heading) {
      if (heading) blocks.push({ kind: heading[1]!.length === 1 ? "h3" : "h4", text: heading[2]! });
      afterBlank = !line;
      continue;
    }
    const item = /^(?:([-*+])|\d+[.)])\s+(.+)$/.exec(line);
    const kind = item ? (item[1] ? "ul" : "ol") : "p";
    const last = blocks.at(-1);
    // A blank line ends a paragraph, not a list (numbered steps keep counting across one).
    if (last && "lines" in last && last.kind === kind && !(kind === "p" && afterBlank)) last.lines.push(item?.[2] ?? line);
    else blocks.push({ kind, lines: [item?.[2] ?? line] });
    afterBlank = false;
  }
  return blocks;
}

function StrategyGuide({ text }: { text: string }) {
  const list: CSSProperties = { margin: "0 0 12px", paddingLeft: "24px" };
  return guideBlocks(text).map((block, i) => {
    switch (block.kind) {
      case "h3":
        return <h3 key={i} style={{ fontSize: "18px", margin: "16px 0 8px" }}>{block.text}</h3>;
      case "h4":
        return <h4 key={i} style={{ fontSize: "16px", margin: "16px 0 6px" }}>{block.text}</h4>;
      case "ul":
      case "ol": {
        const List = block.kind;
        return (
          <List key={i} style={list}>
            {block.lines.map((line, j) => (
              <li key={j} style={ITEM}>
                {line}
              </li>
            ))}
          </List>
        );
      }
      case "p":
        return (
          <p key={i} style={P}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        );
    }
  });
}
