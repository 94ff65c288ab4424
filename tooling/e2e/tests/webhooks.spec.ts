import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { prepareAndSend } from "./envelope-flow";
import { expectAccessible, keepScreenshot, signUpWithTeam, uniqueEmail } from "./support";

// Webhooks (issue 13): an owner adds an endpoint pointing at a receiver this test runs on
// loopback (the api runs with NODE_ENV=test, which allows local receivers), sends an envelope,
// and sees the signed delivery in the endpoint's log, naming its envelope; a replay sends the same
// event again, and the open log shows it delivered without a reload.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that keeps every request and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/paraphe-hook`, received, server };
}

/** Whether `Paraphe-Signature` is the HMAC-SHA-256 of "<t>.<body>" under `secret`. */
function signatureMatches(request: Received, secret: string): boolean {
  const header = String(request.headers["paraphe-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (match === null) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${request.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? "", "hex"));
}

test("an owner adds a webhook endpoint, sees the signed delivery of an envelope in its log, and replays it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await signUpWithTeam(page);
    await page.goto("/settings/webhooks");
    await expect(page.getByText("No webhook endpoint yet")).toBeVisible();
    await page.getByRole("button", { name: "Add an endpoint" }).first().click();
    const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await form.getByRole("textbox", { name: "Endpoint URL" }).fill(receiver.url);
    await form.getByRole("checkbox", { name: "Envelope sent" }).click();
    await form.getByRole("button", { name: "Add the endpoint" }).click();
    const secretDialog = page.getByRole("dialog", { name: "The endpoint's signing secret" });
    const secretField = secretDialog.getByRole("textbox", { name: "Signing secret" });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await secretDialog.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByText(receiver.url)).toBeVisible();

    await prepareAndSend(page, [
      { email: uniqueEmail("webhook-signer"), firstname: "Grace", lastname: "Hopper" },
    ]);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const [first] = receiver.received;
    expect(first && signatureMatches(first, secret)).toBe(true);
    const payload = JSON.parse(first?.body ?? "{}") as { id: string; type: string };
    expect(payload.type).toBe("envelope.sent");
    expect(first?.headers["paraphe-webhook-id"]).toBe(payload.id);

    await page.goto("/settings/webhooks");
    await page.getByRole("button", { name: "Show deliveries" }).click();
    const log = page.getByRole("list", { name: "Deliveries" });
    await expect(log.getByText("Delivered", { exact: true })).toBeVisible();
    await expect(log.getByText("Envelope sent")).toBeVisible();
    const envelopeLink = log.getByRole("link", { name: "agreement-2-pages" });
    await expect(envelopeLink).toHaveAttribute(
      "href",
      /^\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/view$/,
    );
    await expectAccessible(page, "webhook delivery log");
    await keepScreenshot(page, testInfo, "webhook-delivery-log");

    await log.getByRole("button", { name: /Replay the delivery of Envelope sent/ }).click();
    await expect(page.getByText("The event will be sent again.")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    const replay = receiver.received[1];
    expect(replay && signatureMatches(replay, secret)).toBe(true);
    expect(replay?.headers["paraphe-webhook-id"]).toBe(payload.id);
    expect(replay?.body).toBe(first?.body);
    // The open log follows the replay to its outcome, without a reload.
    await expect(log.getByText("Delivered", { exact: true })).toHaveCount(2, { timeout: 30_000 });
    await expect(log.getByText("Pending", { exact: true })).toHaveCount(0);
    await envelopeLink.first().click();
    await expect(page).toHaveURL(/\/view$/);
  } finally {
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  }
});
