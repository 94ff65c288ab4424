import { z } from "zod";
import { flag, httpUrl, urlWithProtocols } from "./values";
import { variable } from "./variable";

/** How the api sends mail and SMS. */
export const messagingVariables = {
  SMTP_URL: variable({
    key: "smtpUrl",
    description:
      "SMTP server (`smtp://user:password@host:587` or `smtps://...:465`). Unset: mail goes to the development mailbox (see DEV_MAILBOX).",
    masked: true,
    parse: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:secret@smtp.example.com:587"),
  }),
  DEV_MAILBOX: variable({
    key: "devMailbox",
    description:
      "`1`: show the development mailbox at /dev/mailbox (every mail, sign-in codes included) when SMTP_URL is unset, outside production, and only while API_HOST is a loopback address; otherwise its paths answer 404. `npm start` sets it.",
    default: "0",
    parse: flag("must be 1 (show the development mailbox) or 0"),
  }),
  MAIL_FROM: variable({
    key: "mailFrom",
    description: "Sender of outgoing mail.",
    default: "Paraphe <no-reply@paraphe.localhost>",
    parse: z.string().refine((value) => /^[^\r\n]*[^\s<>@]+@[^\s<>@]+[^\r\n]*$/.test(value), {
      message:
        'must be an address such as no-reply@example.com or "Paraphe <no-reply@example.com>"',
    }),
  }),
  SMS_PROVIDER_URL: variable({
    key: "smsProviderUrl",
    description:
      "Base address of the SMS provider, which speaks Twilio's Messages API (`POST /2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json`). Used when SMS_ACCOUNT_SID is set.",
    default: "https://api.twilio.com",
    parse: httpUrl("https://api.twilio.com").refine((value) => URL.parse(value)?.username === "", {
      message: "must not hold credentials: set SMS_ACCOUNT_SID and SMS_AUTH_TOKEN",
    }),
  }),
  SMS_ACCOUNT_SID: variable({
    key: "smsAccountSid",
    description:
      "Account of the SMS provider (the user of its HTTP Basic authentication); with SMS_AUTH_TOKEN and SMS_FROM, signers may be checked by a code sent by SMS. Unset: outside production SMS go to the development mailbox; in production the SMS check is unavailable.",
    parse: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "must be 1 to 64 letters, digits, _ or -" }),
  }),
  SMS_AUTH_TOKEN: variable({
    key: "smsAuthToken",
    description:
      "Secret of the SMS provider's account (the password of its HTTP Basic authentication).",
    secret: true,
    parse: z.string().max(256, { message: "must be at most 256 characters" }),
  }),
  SMS_FROM: variable({
    key: "smsFrom",
    description:
      "Sender of SMS: a number in international form (`+14155550100`) or a sender name of 1 to 11 letters and digits.",
    parse: z.string().refine((value) => /^\+[1-9]\d{1,14}$|^[A-Za-z0-9 ]{1,11}$/.test(value), {
      message:
        "must be a number such as +14155550100 or a sender name of 1 to 11 letters and digits",
    }),
  }),
};
