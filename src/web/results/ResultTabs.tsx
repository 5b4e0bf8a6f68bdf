import type { ResultsAnswer } from "../../shared/api/results.ts";
import type { PremiumContent } from "../../shared/optimiser/render.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { BeforeAfter } from "../ui/BeforeAfter.tsx";
import { PhotoAnalysis } from "./PhotoAnalysis.tsx";
import { ConversationStarters, StrategyGuide } from "./PremiumContent.tsx";
import { ServerHtml } from "./ServerHtml.tsx";
import { Tabs, type TabSpec } from "./Tabs.tsx";

export type ResultPhoto = NonNullable<ResultsAnswer["profile"]["photos"]>[number];

/** What the tabs show: the released result as the results answer carries it, or the review dialog's preview of an edit. */
export interface ResultTabsContent {
  profileId: string;
  appName: string;
  optimizedProfile: string | PremiumContent;
  recommendations: string;
  optimization?: OptimisationResult;
  photos: ResultPhoto[];
}

/**
 * The customer's results in three tabs: the optimized profile (with the starters, the guide and Before and After),
 * the recommendations, the photo analysis. The results page (its panels server HTML, src/web/results/ServerTabs.tsx)
 * and the review dialog's preview both draw these, so the preview is what the customer will see.
 */
export function resultTabs({ profileId, appName, optimizedProfile, recommendations, optimization, photos }: ResultTabsContent): TabSpec[] {
  const content = typeof optimizedProfile === "string" ? { html: optimizedProfile, conversationStarters: "", strategyGuide: "" } : optimizedProfile;
  const advice = recommendations.trim();
  return [
    {
      label: "Optimized Profile",
      content: (
        <>
          <ServerHtml html={content.html} testId="optimized-profile" />
          <ConversationStarters markdown={content.conversationStarters} />
          <StrategyGuide text={content.strategyGuide} />
          {optimization && <BeforeAfter result={optimization} appName={appName} reader="customer" />}
        </>
      ),
    },
    {
      label: "Recommendations",
      content: advice ? <ServerHtml html={advice} testId="recommendations" /> : <p className="text-muted-foreground">No specific recommendations available</p>,
    },
    {
      label: "Photo Analysis",
      content: <PhotoAnalysis profileId={profileId} photos={photos} appName={appName} />,
    },
  ];
}

/** The review dialog's preview: the same tabs, all of it in the admin's client application. */
export function ResultTabs(props: ResultTabsContent) {
  return <Tabs label="Your results" tabs={resultTabs(props)} />;
}
