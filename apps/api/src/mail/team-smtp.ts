import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { resolvePublicAddresses, type ResolveHost } from "../http/outbound-fetch";
import type { MailMessage } from "./transport";

/** A team's own SMTP server, its password opened. */
export interface TeamSmtpServer {
  host: string;
  port: number;
  tls: "none" | "starttls" | "tls";
  /** Empty: no authentication. */
  user: string;
  password: string | null;
  fromAddress: string;
}

export interface TeamSmtpOptions {
  /**
   * Whether the server may be on a private, loopback or link-local address: development and test
   * only, as for webhooks. In production the host must resolve to public addresses only, and the
   * connection goes to the address checked (a name that resolves elsewhere later is checked again).
   */
  allowLocalTargets: boolean;
  resolveHost?: ResolveHost;
  /** Milliseconds; short, as the test call waits for them. */
  timeouts?: { connectionMs?: number; greetingMs?: number; socketMs?: number };
}

/** The nodemailer options of `server`: TLS as its mode says, certificates checked, TLS 1.2 up. */
async function transportOptions(
  server: TeamSmtpServer,
  options: TeamSmtpOptions,
): Promise<SMTPTransport.Options> {
  let address = server.host.replace(/^\[|\]$/g, "");
  if (!options.allowLocalTargets) {
    const [first] = await resolvePublicAddresses(address, options.resolveHost);
    if (first !== undefined) address = first.address;
  }
  return {
    host: address,
    port: server.port,
    secure: server.tls === "tls",
    requireTLS: server.tls === "starttls",
    ignoreTLS: server.tls === "none",
    // The certificate is checked against the name the team gave, not the address connected to.
    tls: { servername: server.host, minVersion: "TLSv1.2", rejectUnauthorized: true },
    ...(server.user === "" ? {} : { auth: { user: server.user, pass: server.password ?? "" } }),
    connectionTimeout: options.timeouts?.connectionMs ?? 10_000,
    greetingTimeout: options.timeouts?.greetingMs ?? 10_000,
    socketTimeout: options.timeouts?.socketMs ?? 30_000,
    // Nothing of the SMTP conversation (credentials included) is logged.
    logger: false,
    debug: false,
  };
}

/** Delivers `message` through the team's server (one connection, closed afterwards); throws when it could not. */
export async function sendThroughTeamServer(
  server: TeamSmtpServer,
  message: MailMessage,
  options: TeamSmtpOptions,
): Promise<{ messageId: string | null }> {
  const transporter = nodemailer.createTransport(await transportOptions(server, options));
  try {
    const info = await transporter.sendMail({
      from:
        message.fromName === null
          ? server.fromAddress
          : { name: message.fromName, address: server.fromAddress },
      to: message.to,
      ...(message.replyTo === null ? {} : { replyTo: message.replyTo }),
      subject: message.subject,
      messageId: message.messageId,
      text: message.text,
      ...(message.html === null ? {} : { html: message.html }),
      ...(message.locale === null ? {} : { headers: { "Content-Language": message.locale } }),
    });
    return { messageId: typeof info.messageId === "string" ? info.messageId : message.messageId };
  } finally {
    transporter.close();
  }
}

/**
 * A failure through a team's server in words: its message and SMTP code, the password and user
 * masked, at most 1000 characters.
 */
export function describeTeamSendError(error: unknown, server: TeamSmtpServer): string {
  let text = error instanceof Error ? error.message : String(error);
  const details =
    error instanceof Error ? (error as { code?: unknown; responseCode?: unknown }) : {};
  if (typeof details.code === "string") text = `${details.code}: ${text}`;
  if (typeof details.responseCode === "number" && !text.includes(String(details.responseCode))) {
    text = `${text} (SMTP ${details.responseCode})`;
  }
  for (const secret of [
    server.password ?? "",
    Buffer.from(server.password ?? "").toString("base64"),
  ]) {
    if (secret.length >= 3) text = text.split(secret).join("***");
  }
  text = text.replace(/[\r\n]+/g, " ");
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}
