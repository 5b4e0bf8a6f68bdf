/* What the measured outcome's routes answer (src/api/outcomes.ts, src/api/admin-outcomes.ts). */

/** The customer's side, in the results answer and from each of the results page's outcome routes. */
export interface CustomerOutcome {
  /** Null when not answered, or answered "I'd rather not say" (`before_declined`). */
  before_matches: number | null;
  before_declined: boolean;
  before_answered_at: string | null;
  /** When the customer said they updated their profile; the before answer is fixed from then on. */
  profile_updated_at: string | null;
  opted_out: boolean;
  /** OUTCOME_FOLLOW_UP_DAYS: the results page says when the follow-up comes. */
  follow_up_days: number;
  follow_up_sent: boolean;
}

/** One measure over a group: n always, the median and its 90% interval only from 10 answers. */
export type OutcomeSummary = { n: number; enough: false } | { n: number; enough: true; median: number; interval: [number, number] };

export interface OutcomeGroup {
  /** "Premium", "Hinge", "The new bio". */
  label: string;
  change: OutcomeSummary;
  ratio: OutcomeSummary;
}

/** GET /api/admin/outcomes. */
export interface AdminOutcomesAnswer {
  follow_ups_sent: number;
  answers: number;
  /** Answers over follow-ups sent, 0 to 1; null before any was sent. */
  response_rate: number | null;
  /** After minus before (matches a week), over every answer with a before number. */
  change: OutcomeSummary;
  /** After divided by before, where before > 0. */
  ratio: OutcomeSummary;
  by_plan: OutcomeGroup[];
  by_app: OutcomeGroup[];
  /** Each part: the answers that used it. */
  by_part: OutcomeGroup[];
  /** Each of elite's bio versions (warm, playful, direct, a mix, none): the elite answers that named it. */
  by_bio_version: OutcomeGroup[];
  /** The distribution of the change: an SVG drawn on the server, and the same as text. */
  chart: { svg: string; text: string; bins: { from: number; to: number; count: number }[] } | null;
  /** Newest first. */
  comments: { at: string; plan: string; app: string; rating: number | null; comment: string }[];
  /** The public sentence, as the home and pricing pages show it (null below 30 answers). */
  public_sentence: string | null;
  min_for_median: number;
  min_for_public: number;
}
