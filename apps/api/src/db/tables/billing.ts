import type { ColumnType, Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns";

/** An offer (issue 15): limits per period, prices in cents without VAT; null limits: unlimited. */
export interface PlanTable {
  code: string;
  nameEn: string;
  nameFr: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  currency: string;
  seats: number | null;
  signaturesPerPeriod: number | null;
  apiCreditsPerPeriod: number | null;
  recommended: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
}

export type PlanRow = Selectable<PlanTable>;

/** A team's subscription; a team without one is on the default plan (`free`). */
export interface TeamSubscriptionTable {
  teamId: string;
  planCode: string;
  status: "active" | "past_due" | "canceled";
  billingPeriod: "monthly" | "annual";
  periodStart: Timestamp;
  periodEnd: Timestamp;
  provider: string;
  providerReference: string | null;
  updatedAt: Timestamp;
}

export type TeamSubscriptionRow = Selectable<TeamSubscriptionTable>;

/** Signatures and API credits a team used in one period. */
export interface UsageCounterTable {
  teamId: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  signaturesUsed: ColumnType<number, number | undefined, number>;
  apiCreditsUsed: ColumnType<number, number | undefined, number>;
}

/** One line of the usage log. */
export interface UsageEventTable {
  id: Generated<string>;
  teamId: string;
  at: Timestamp;
  type: "envelope_sent" | "api_credit" | "seat_added" | "plan_changed" | "retention_deleted";
  details: ColumnType<Record<string, unknown>, string, string>;
  userId: string | null;
}

export type UsageEventRow = Selectable<UsageEventTable>;
