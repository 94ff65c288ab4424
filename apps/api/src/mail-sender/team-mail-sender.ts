import { asSubject } from "@paraphe/permissions";
import { serverT, type ServerKey } from "@paraphe/i18n";
import type {
  MailSender,
  saveMailSenderRequestSchema,
  TestMailSenderResponse,
} from "@paraphe/api-sdk/contract";
import { sql, type Selectable } from "kysely";
import type { z } from "zod";
import type { TeamMailSenderTable } from "../db/database";
import { composeMail, oneLine } from "../mail/compose-mail";
import { AppError } from "../errors/app-error";
import { resolvePublicAddresses } from "../http/outbound-fetch";
import type { Member } from "../membership/members";
import { openSmtpPassword, sealSmtpPassword } from "../mail/sender-secret";
import {
  describeTeamSendError,
  sendThroughTeamServer,
  type TeamSmtpServer,
} from "../mail/team-smtp";
import { outboxMessageId } from "../mail/transport";
import type { MailSenderDeps } from "./mail-sender-deps";

type SenderRow = Selectable<TeamMailSenderTable>;

/**
 * Whether the calling member may read and change their team's mail sender: the permission to
 * update the team's `mailSender` field on the team's own record (Owner and Admin; a custom role
 * granting it). FORBIDDEN otherwise.
 */
function requireMailSenderAdministrator(member: Member): void {
  if (!member.ability.can("update", asSubject("Team", { id: member.teamId }), "mailSender")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to change how the team's mail is sent.",
    });
  }
}

async function loadRow(deps: MailSenderDeps, teamId: string): Promise<SenderRow | undefined> {
  return deps.db
    .selectFrom("teamMailSender")
    .selectAll()
    .where("teamId", "=", teamId)
    .executeTakeFirst();
}

async function view(deps: MailSenderDeps, teamId: string): Promise<MailSender> {
  const row = await loadRow(deps, teamId);
  const waiting = await deps.db
    .selectFrom("mailOutbox")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("teamId", "=", teamId)
    .where("sentAt", "is", null)
    .where("lastError", "is not", null)
    .executeTakeFirstOrThrow();
  const server =
    row?.host == null || row.port === null || row.tls === null || row.fromAddress === null
      ? null
      : {
          host: row.host,
          port: row.port,
          tls: row.tls,
          user: row.username ?? "",
          hasPassword: row.passwordSealed !== null,
          fromAddress: row.fromAddress,
        };
  const iso = (date: Date | null | undefined) => (date == null ? null : date.toISOString());
  return {
    mode: row?.mode ?? "deployment",
    server,
    verifiedAt: iso(row?.verifiedAt),
    inUse: row?.mode === "smtp" && row.verifiedAt !== null,
    lastError: row?.lastError ?? null,
    lastErrorAt: iso(row?.lastErrorAt),
    lastDeliveredAt: iso(row?.lastDeliveredAt),
    undelivered: Number(waiting.count),
  };
}

/** `/mail-sender/get`: how the team's mail leaves (the deployment's server when never set). */
export async function getMailSender(deps: MailSenderDeps, member: Member): Promise<MailSender> {
  requireMailSenderAdministrator(member);
  return view(deps, member.teamId);
}

/**
 * `/mail-sender/save`: the deployment's server, or the team's own. Any change of the server's
 * host, port, TLS mode, user, password or From address makes it unverified (mail keeps leaving
 * from the deployment's server until a test message succeeds). The password is kept when left
 * out, unless the host or the user changes: it is never sent to a server it was not given for.
 */
export async function saveMailSender(
  deps: MailSenderDeps,
  member: Member,
  input: z.infer<typeof saveMailSenderRequestSchema>,
): Promise<MailSender> {
  requireMailSenderAdministrator(member);
  const at = new Date(deps.now());
  const existing = await loadRow(deps, member.teamId);
  if (input.mode === "deployment") {
    await deps.db
      .insertInto("teamMailSender")
      .values({ teamId: member.teamId, mode: "deployment", updatedAt: at })
      .onConflict((oc) => oc.column("teamId").doUpdateSet({ mode: "deployment", updatedAt: at }))
      .execute();
    return view(deps, member.teamId);
  }
  const sameServer =
    existing !== undefined &&
    existing.host === input.host &&
    (existing.username ?? "") === input.user;
  let passwordSealed: string | null;
  if (input.user === "") {
    passwordSealed = null;
  } else if (input.password !== undefined) {
    passwordSealed = sealSmtpPassword(deps.mailKey, member.teamId, input.password);
  } else if (sameServer && existing.passwordSealed !== null) {
    passwordSealed = existing.passwordSealed;
  } else {
    throw new AppError("VALIDATION_ERROR", {
      message: "Give the password of this user on this server.",
      fields: [{ path: "password", code: "custom", message: "required" }],
    });
  }
  const unchanged =
    existing !== undefined &&
    existing.host === input.host &&
    existing.port === input.port &&
    existing.tls === input.tls &&
    (existing.username ?? "") === input.user &&
    existing.fromAddress === input.fromAddress &&
    existing.passwordSealed === passwordSealed;
  const values = {
    mode: "smtp" as const,
    host: input.host,
    port: input.port,
    tls: input.tls,
    username: input.user === "" ? null : input.user,
    passwordSealed,
    fromAddress: input.fromAddress,
    updatedAt: at,
    ...(unchanged ? {} : { verifiedAt: null, lastError: null, lastErrorAt: null }),
  };
  await deps.db
    .insertInto("teamMailSender")
    .values({ teamId: member.teamId, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .execute();
  return view(deps, member.teamId);
}

/**
 * `/mail-sender/test`: sends a test message through the team's saved server to the caller's own
 * address. When the server accepts it, the settings are verified (if they did not change
 * meanwhile) and the team's mail leaves through it from then on (with `smtp` chosen). A failure is
 * answered (and recorded as the server's last error), not thrown: the page shows it.
 */
export async function testMailSender(
  deps: MailSenderDeps,
  member: Member,
): Promise<TestMailSenderResponse> {
  requireMailSenderAdministrator(member);
  const row = await loadRow(deps, member.teamId);
  if (
    row?.host == null ||
    row.port === null ||
    row.tls === null ||
    row.fromAddress === null ||
    row.mode !== "smtp"
  ) {
    throw new AppError("CONFLICT", {
      message: "Save the team's SMTP server before sending a test message through it.",
      reason: "no_server",
    });
  }
  const team = await deps.db
    .selectFrom("team")
    .leftJoin("teamBranding", "teamBranding.teamId", "team.id")
    .select(["team.name", "teamBranding.displayName"])
    .where("team.id", "=", member.teamId)
    .executeTakeFirstOrThrow();
  let password: string | null = null;
  let error: string | null = null;
  try {
    password =
      row.passwordSealed === null
        ? null
        : openSmtpPassword(deps.mailKey, member.teamId, row.passwordSealed);
  } catch {
    error = "The stored SMTP password does not open; save it again.";
  }
  const server: TeamSmtpServer = {
    host: row.host,
    port: row.port,
    tls: row.tls,
    user: row.username ?? "",
    password,
    fromAddress: row.fromAddress,
  };
  if (error === null) {
    const t = (key: ServerKey, options?: Record<string, unknown>) =>
      serverT(member.language, key, options);
    const teamName = team.displayName ?? team.name;
    const mail = composeMail(
      member.email,
      member.language,
      oneLine(t("mail:senderTest.subject", { team: teamName })),
      [{ text: t("mail:senderTest.body", { team: teamName, host: server.host }) }],
    );
    try {
      await sendThroughTeamServer(
        server,
        {
          outboxId: "test",
          messageId: outboxMessageId(crypto.randomUUID(), server.fromAddress),
          from: server.fromAddress,
          fromName: teamName,
          to: member.email,
          replyTo: null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          locale: member.language,
        },
        {
          // In production the host must resolve to public addresses only (as for webhooks).
          ...(deps.config.nodeEnv === "production"
            ? {
                resolveAddress: async (host: string) =>
                  (await resolvePublicAddresses(host, deps.resolveHost))[0]?.address ?? host,
              }
            : {}),
          timeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000 },
        },
      );
    } catch (failure) {
      error = describeTeamSendError(failure, server);
    }
  }
  const at = new Date(deps.now());
  // Only the settings that were tested: a save in between made them unverified again. A failed
  // test is recorded, and leaves a verified server verified (its mail waits, it is not moved).
  await deps.db
    .updateTable("teamMailSender")
    .set(error === null ? { verifiedAt: at } : { lastError: error, lastErrorAt: at })
    .where("teamId", "=", member.teamId)
    .where("host", "=", row.host)
    .where("port", "=", row.port)
    .where("tls", "=", row.tls)
    .where("fromAddress", "=", row.fromAddress)
    .where(sql<boolean>`username IS NOT DISTINCT FROM ${row.username}`)
    .where(sql<boolean>`password_sealed IS NOT DISTINCT FROM ${row.passwordSealed}`)
    .execute();
  return {
    delivered: error === null,
    error,
    to: member.email,
    sender: await view(deps, member.teamId),
  };
}
