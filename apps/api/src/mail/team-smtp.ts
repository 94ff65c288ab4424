import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
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
   * The address to connect to for the server's host, checked: in production, one of its public
   * addresses (it throws for a host on a private, loopback or link-local address), so that the
   * connection goes to the address checked. Without it (development, test), the host as given.
   */
  resolveAddress?: (host: string) => Promise<string>;
  /** Milliseconds; short, as the test call waits for them. */
  timeouts?: { connectionMs?: number; greetingMs?: number; socketMs?: number };
}

/** The nodemailer options of `server`: TLS as its mode says, certificates checked, TLS 1.2 up. */
async function transportOptions(
  server: TeamSmtpServer,
  options: TeamSmtpOptions,
): Promise<SMTPTransport.Options> {
  const bare = server.host.replace(/^\[|\]$/g, "");
  const address = options.resolveAddress === undefined ? bare : await options.resolveAddress(bare);
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
  if (error instanceof Error && error.name === "NonPublicAddressError") {
    return "Refused: the server's host resolves to a private, loopback or link-local address.";
  }
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
