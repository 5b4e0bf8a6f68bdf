import type { ResultsAnswer } from "../../shared/api/results.ts";
import type { PremiumContent } from "../../shared/optimiser/render.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { BeforeAfter } from "../ui/BeforeAfter.tsx";
import { PhotoAnalysis } from "./PhotoAnalysis.tsx";
import { ConversationStarters, StrategyGuide } from "./PremiumContent.tsx";
import { ServerHtml } from "./ServerHtml.tsx";
import { Tabs } from "./Tabs.tsx";

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
 * the recommendations, the photo analysis. The results page and the review dialog's preview both draw it, so the
 * preview is what the customer will see.
 */
export function ResultTabs({ profileId, appName, optimizedProfile, recommendations, optimization, photos }: ResultTabsContent) {
  const content = typeof optimizedProfile === "string" ? { html: optimizedProfile, conversationStarters: "", strategyGuide: "" } : optimizedProfile;
  const advice = recommendations.trim();
  return (
    <Tabs
      label="Your results"
      tabs={[
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
      ]}
    />
  );
}
