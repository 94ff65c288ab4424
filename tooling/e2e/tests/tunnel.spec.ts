import { expect, test, type Request } from "@playwright/test";
import { API_URL, keepScreenshot, uniqueEmail } from "./support";

// A server without hardware isolation whose software matched its pinned reference values says so,
// neutrally (the api suite and the attestation package prove it). This suite's api runs with
// NODE_ENV=test, not the configuration its build measured, so its configuration is not verified:
// the honest status here is a failure, or pending before the handshake ends; never "verified".
const STATUS_TEXT = {
  en: {
    button:
      /^Connection security: (This server has no hardware-isolated environment|Secure environment verification (failed|pending))/,
    dialog: "Connection security",
    hardware: "AMD SEV-SNP (processor isolation)",
    container: "Application container",
  },
  fr: {
    button:
      /^Sécurité de la connexion : (Ce serveur n’a pas d’environnement isolé par le matériel|Échec de la vérification|.*en attente)/,
    dialog: "Sécurité de la connexion",
    hardware: "AMD SEV-SNP (isolation par le processeur)",
    container: "Conteneur de l’application",
  },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`the web app talks to the api only through the encrypted tunnel, and the security dialog shows this server's honest status (${language})`, async ({
    page,
  }, testInfo) => {
    const apiRequests: Request[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(API_URL)) apiRequests.push(request);
    });
    const email = uniqueEmail(`tunnel-${language}`);

    await page.goto(`/login?lng=${language}`);
    // Pre-initialisation opens the tunnel without waiting for a call.
    await expect
      .poll(() => apiRequests.filter((r) => r.url().endsWith("/tunnel/session")).length)
      .toBeGreaterThanOrEqual(2);

    await page.getByRole("textbox").first().fill(email);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => apiRequests.some((r) => r.url().endsWith("/authentication/request-code")))
      .toBe(true);

    // The evidence is checked against the reference values pinned into the app's build: the app
    // never asks the server it checks for them.
    expect(
      apiRequests.filter((r) => r.url().includes("/attestation/")).map((r) => r.url()),
    ).toEqual([]);

    // The session ids the handshake answered: every call must name one of them.
    const openedSessions = await Promise.all(
      apiRequests
        .filter((r) => r.url().endsWith("/tunnel/session"))
        .map(async (r) => (await r.response())?.headers()["x-session-id"]),
    );
    const calls = apiRequests.filter(
      (r) =>
        r.method() === "POST" &&
        !r.url().endsWith("/tunnel/session") &&
        !r.url().includes("/attestation/"),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const headers = await call.allHeaders();
      expect(headers["content-type"]).toBe("application/octet-stream");
      expect(openedSessions).toContain(headers["x-session-id"]);
      expect(headers["signature"]).toMatch(/^sig1=:/);
      const body = call.postDataBuffer() ?? Buffer.alloc(0);
      expect(body.length).toBeGreaterThan(0);
      const text = body.toString("latin1");
      expect(text).not.toContain(email);
      expect(text).not.toContain('"email"');
      expect(() => JSON.parse(body.toString("utf8")) as unknown).toThrow();
    }
    for (const request of calls) {
      const response = await request.response();
      expect(response?.headers()["x-encrypted-response"]).toBe("1");
    }

    // The security dialog: an honest status on a machine without a TEE, and the component grid.
    const t = STATUS_TEXT[language];
    const button = page.getByRole("button", { name: t.button });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole("dialog", { name: t.dialog });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t.hardware, { exact: true })).toBeVisible();
    await expect(dialog.getByText(t.container, { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, `security-dialog-${language}`);
  });
}
