import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { prepareAndSend } from "./envelope-flow";
import { signUpWithTeam, uniqueEmail } from "./support";

// The team's own SMTP server (issue 33): an Owner saves it in Team settings › Mail sender and
// verifies it with a test message; the team's invitation then goes through it with the user's
// authentication. While it fails, the envelope and the settings say why (the mail is not sent
// from the deployment's server instead), and it goes once the server recovers. STARTTLS with a
// certificate of a local authority is proven by the api's suite (the api here trusts no test CA).

const USER = "relais-mailer";
const PASSWORD = "s3cret-relais-e2e";

interface Received {
  to: string[];
  raw: string;
  user: unknown;
}

test("a team's own SMTP server with authentication gets its mail; while it fails the envelope and the settings say why, and the mail goes once it recovers", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const received: Received[] = [];
  let failing = false;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(credentials, _session, callback) {
      if (credentials.username === USER && credentials.password === PASSWORD) {
        callback(null, { user: USER });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failing) {
          callback(
            Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }),
          );
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: session.user,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  try {
    const owner = await signUpWithTeam(page, { team: "Relais Atelier" });
    await page.goto("/settings/mail-sender");
    await page.getByRole("radio", { name: /Through our own SMTP server/ }).click();
    await page.getByRole("textbox", { name: /Host/ }).fill("127.0.0.1");
    await page.getByRole("spinbutton", { name: /Port/ }).fill(String(port));
    await page.getByRole("combobox", { name: /Encryption/ }).selectOption("none");
    await page.getByRole("textbox", { name: /User name/ }).fill(USER);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("textbox", { name: /From address/ }).fill("signatures@relais.example");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/127\.0\.0\.1 is not verified/)).toBeVisible();
    await page.getByRole("button", { name: "Send a test message" }).click();
    await expect(page.getByText(/Mail leaves through 127\.0\.0\.1 \(verified on/)).toBeVisible();
    expect(received.map((mail) => [mail.to, mail.user])).toEqual([[[owner], USER]]);

    failing = true;
    const signer = uniqueEmail("relais-signer");
    const viewUrl = await prepareAndSend(page, [
      { email: signer, firstname: "Rémi", lastname: "Relais" },
    ]);
    const waiting = page.getByRole("region", { name: "Mail not delivered yet" });
    await expect(async () => {
      await page.goto(viewUrl);
      await expect(waiting).toContainText(`To ${signer}, through the team's server`, {
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(waiting).toContainText("451");
    await page.goto("/settings/mail-sender");
    await expect(page.getByText(/Last failure on .*451/)).toBeVisible();
    await expect(page.getByText(/message is waiting to be delivered/)).toBeVisible();

    failing = false;
    await expect
      .poll(() => received.some((mail) => mail.to.includes(signer)), { timeout: 30_000 })
      .toBe(true);
    const invitation = received.find((mail) => mail.to.includes(signer));
    expect(invitation?.user).toBe(USER);
    expect(invitation?.raw).toMatch(/^From: "?Relais Atelier"? <signatures@relais\.example>/m);
    expect(invitation?.raw).toMatch(
      new RegExp(`^Reply-To: .*${owner.replace(/[.+]/g, "\\$&")}`, "mi"),
    );
    await page.goto(viewUrl);
    await expect(page.getByText(signer).first()).toBeVisible();
    await expect(waiting).toBeHidden();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
