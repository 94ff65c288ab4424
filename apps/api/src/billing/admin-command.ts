import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { embeddedBillingProvider } from "./embedded-provider";

/** How `paraphe-admin` is used (README, "Billing"). */
export const ADMIN_USAGE = `usage:
  paraphe-admin plans list
  paraphe-admin plans set <code> --name-en <name> --name-fr <name> --monthly <cents> --annual <cents>
      [--currency EUR] [--seats <n>|unlimited] [--signatures <n>|unlimited]
      [--api-credits <n>|unlimited] [--recommended] [--inactive]
  paraphe-admin team set-plan <team uuid or owner email> <plan code>
      [--period monthly|annual] [--status active|past_due|canceled]`;

const limit = (max: number) =>
  z.union([z.literal("unlimited").transform(() => null), z.coerce.number().int().min(0).max(max)]);

const planSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
  nameEn: z.string().trim().min(1).max(64),
  nameFr: z.string().trim().min(1).max(64),
  monthlyPriceCents: z.coerce.number().int().min(0).max(100_000_000),
  annualPriceCents: z.coerce.number().int().min(0).max(1_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  seats: z.union([
    z.literal("unlimited").transform(() => null),
    z.coerce.number().int().min(1).max(1_000_000),
  ]),
  signaturesPerPeriod: limit(100_000_000),
  apiCreditsPerPeriod: limit(1_000_000_000),
  recommended: z.boolean(),
  active: z.boolean(),
});

const setPlanSchema = z.object({
  planCode: z.string().min(1).max(32),
  billingPeriod: z.enum(["monthly", "annual"]),
  status: z.enum(["active", "past_due", "canceled"]),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The team `ref` names: its uuid, or the email of one of its owners. */
async function findTeam(db: Kysely<Database>, ref: string): Promise<string> {
  const row = uuidPattern.test(ref)
    ? await db.selectFrom("team").select("id").where("id", "=", ref).executeTakeFirst()
    : await db
        .selectFrom("teamMember")
        .innerJoin("appUser", "appUser.id", "teamMember.userId")
        .innerJoin("role", "role.id", "teamMember.roleId")
        .select("teamMember.teamId as id")
        .where("appUser.email", "=", ref.trim().toLowerCase())
        .where("role.origin", "=", "managed")
        .where("role.name", "=", "Owner")
        .executeTakeFirst();
  if (row === undefined) throw new AdminError(`No team found for "${ref}".`);
  return row.id;
}

/** A refusal of the command: its message is printed, the exit code is 1. */
export class AdminError extends Error {}

/** `parseArgs` with its refusals (an unknown option, a missing value) as AdminError. */
function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new AdminError(
      `${error instanceof Error ? error.message : String(error)}\n${ADMIN_USAGE}`,
    );
  }
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/**
 * Runs one `paraphe-admin` command against `db` and answers what to print. The embedded billing
 * provider applies a team's plan change (a plan_changed usage event included). Throws AdminError
 * with a clear message for a wrong command or value; nothing is written then.
 */
export async function runAdminCommand(
  db: Kysely<Database>,
  argv: readonly string[],
  now: () => Date,
): Promise<string> {
  const [group, action, ...rest] = argv;
  if (group === "plans" && action === "list") {
    const plans = await db
      .selectFrom("plan")
      .selectAll()
      .orderBy("position")
      .orderBy("code")
      .execute();
    const show = (value: number | null) => (value === null ? "unlimited" : String(value));
    return plans
      .map(
        (plan) =>
          `${plan.code}\t${plan.nameEn} / ${plan.nameFr}\t${money(plan.monthlyPriceCents, plan.currency)}/month\t` +
          `${money(plan.annualPriceCents, plan.currency)}/year\tseats ${show(plan.seats)}\t` +
          `signatures ${show(plan.signaturesPerPeriod)}\tAPI credits ${show(plan.apiCreditsPerPeriod)}` +
          `${plan.recommended ? "\trecommended" : ""}${plan.active ? "" : "\tinactive"}`,
      )
      .join("\n");
  }
  if (group === "plans" && action === "set") {
    const { values, positionals } = parseOptions({
      args: rest,
      allowPositionals: true,
      options: {
        "name-en": { type: "string" },
        "name-fr": { type: "string" },
        monthly: { type: "string" },
        annual: { type: "string" },
        currency: { type: "string", default: "EUR" },
        seats: { type: "string", default: "unlimited" },
        signatures: { type: "string", default: "unlimited" },
        "api-credits": { type: "string", default: "unlimited" },
        recommended: { type: "boolean", default: false },
        inactive: { type: "boolean", default: false },
      },
    });
    const parsed = planSchema.safeParse({
      code: positionals[0],
      nameEn: values["name-en"],
      nameFr: values["name-fr"],
      monthlyPriceCents: values.monthly,
      annualPriceCents: values.annual,
      currency: values.currency,
      seats: values.seats,
      signaturesPerPeriod: values.signatures,
      apiCreditsPerPeriod: values["api-credits"],
      recommended: values.recommended,
      active: !values.inactive,
    });
    if (!parsed.success) {
      throw new AdminError(
        `${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n")}\n${ADMIN_USAGE}`,
      );
    }
    const plan = parsed.data;
    await db.transaction().execute(async (trx) => {
      if (plan.recommended) {
        await trx
          .updateTable("plan")
          .set({ recommended: false })
          .where("code", "!=", plan.code)
          .execute();
      }
      const { code, ...row } = plan;
      await trx
        .insertInto("plan")
        .values(plan)
        .onConflict((oc) => oc.column("code").doUpdateSet(row))
        .execute();
      void code;
    });
    return `Plan ${plan.code} saved.`;
  }
  if (group === "team" && action === "set-plan") {
    const { values, positionals } = parseOptions({
      args: rest,
      allowPositionals: true,
      options: {
        period: { type: "string", default: "monthly" },
        status: { type: "string", default: "active" },
      },
    });
    const [teamRef, planCode] = positionals;
    const parsed = setPlanSchema.safeParse({
      planCode,
      billingPeriod: values.period,
      status: values.status,
    });
    if (teamRef === undefined || !parsed.success) throw new AdminError(ADMIN_USAGE);
    const teamId = await findTeam(db, teamRef);
    try {
      await db.transaction().execute((trx) =>
        embeddedBillingProvider.applyChange(trx, {
          teamId,
          ...parsed.data,
          providerReference: null,
          at: now(),
          userId: null,
        }),
      );
    } catch (error) {
      if (error instanceof AppError) throw new AdminError(error.message);
      throw error;
    }
    return `Team ${teamId} is on plan ${parsed.data.planCode} (${parsed.data.billingPeriod}, ${parsed.data.status}).`;
  }
  throw new AdminError(ADMIN_USAGE);
}
