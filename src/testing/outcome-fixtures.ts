/**
 * Customers' answers written straight into the database, for the Outcomes page, its CSV and the public sentence
 * (issue 32): each a paid profile of the given plan and app with its outcome row.
 */
import { eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { orders, outcomes, profiles } from "../db/schema.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import type { BioVersionChoice } from "../shared/outcomes/answers.ts";
import type { DatingApp } from "../shared/profiles/options.ts";
import { insertOrder } from "./payment-fixtures.ts";

export interface AnswerFixture {
  plan?: PlanId;
  app?: DatingApp;
  before: number | null;
  after: number;
  parts?: string[];
  /** Elite's bio version (a premium or basic answer stores none). */
  bioVersion?: BioVersionChoice;
  rating?: number;
  comment?: string;
  answeredAt?: Date;
}

export function insertAnswers(db: DB, answers: AnswerFixture[]): string[] {
  return answers.map((a, i) => {
    const { orderId, profileId } = insertOrder(db, { plan: a.plan ?? "premium" });
    const at = a.answeredAt ?? new Date(Date.UTC(2026, 2, 1) + i * 3600_000);
    db.update(profiles).set({ status: "completed", emailSent: true, datingApp: a.app ?? "hinge" }).where(eq(profiles.id, profileId!)).run();
    db.update(orders).set({ status: "paid", paidAt: at }).where(eq(orders.id, orderId)).run();
    db.insert(outcomes)
      .values({
        profileId: profileId!,
        beforeMatches: a.before,
        beforeAnsweredAt: a.before === null ? null : at,
        followUpSentAt: at,
        followUpExpiresAt: new Date(at.getTime() + 60 * 24 * 3600_000),
        afterMatches: a.after,
        partsUsed: a.parts ?? ["bio"],
        bioVersion: a.bioVersion ?? null,
        rating: a.rating ?? 4,
        comment: a.comment ?? null,
        afterAnsweredAt: at,
        afterUpdatedAt: at,
      })
      .run();
    return profileId!;
  });
}

/** Twelve customers' matches a week, before → after: changes -2, 0, 1, 1, 2, 3, 3, 4, 5, 6, 8, 15 (median 3). */
export const TWELVE_BEFORE_AFTER: readonly (readonly [before: number, after: number])[] = [
  [5, 3],
  [2, 2],
  [0, 1],
  [4, 5],
  [3, 5],
  [10, 13],
  [0, 3],
  [6, 10],
  [5, 10],
  [4, 10],
  [2, 10],
  [5, 20],
];
