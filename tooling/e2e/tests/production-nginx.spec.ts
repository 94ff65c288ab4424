import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { request as httpsRequest } from "node:https";
import { connect } from "node:tls";
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromiumArgs, chromiumExecutable } from "@paraphe/playwright-config";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { prepareAndSend, readEveryPage, signingLinkOf, SIGNING, swipe } from "./envelope-flow";
import { openSignedIn, createAccountWithTeam, uniqueEmail, waitForMail } from "./support";

// The production setup of the README ("Production behind nginx"): the builds this suite serves
// behind Debian's nginx, configured by tooling/nginx/render-config.mjs, with TLS from a certificate
// authority made here and HTTP/2. The main flow runs through it: a member prepares and sends from
// the web app, the signer signs on the signing site; the api answers through it too.

const root = resolve(import.meta.dirname, "../../..");
const PORTS = { web: 8443, sign: 8444, api: 8445 } as const;
const WEB = `https://localhost:${PORTS.web}`;
const SIGN = `https://localhost:${PORTS.sign}`;
const API = `https://localhost:${PORTS.api}`;

let dir: string;
let nginx: ChildProcess | undefined;
let caPem: string;
let spki: string;
let browser: Browser;

function openssl(args: string[]): string {
  return execFileSync("openssl", args, { cwd: dir, encoding: "utf8", stdio: "pipe" });
}

/** A certificate authority of the test's own, and its certificate for localhost. */
async function makeCertificates(): Promise<void> {
  const curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  openssl([
    "req",
    "-x509",
    ...curve,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=Paraphe test authority",
  ]);
  openssl([
    "req",
    ...curve,
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=localhost",
  ]);
  await writeFile(
    join(dir, "server.ext"),
    "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n" +
      "keyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  openssl([
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "1",
    "-extfile",
    "server.ext",
  ]);
  caPem = await readFile(join(dir, "ca.pem"), "utf8");
  // Chromium trusts the authority's certificate for localhost by its public key's hash.
  const publicKey = openssl(["x509", "-in", "server.pem", "-pubkey", "-noout"]);
  const der = execFileSync("openssl", ["pkey", "-pubin", "-outform", "der"], { input: publicKey });
  spki = execFileSync("openssl", ["dgst", "-sha256", "-binary"], { input: der }).toString("base64");
}

async function startNginx(): Promise<void> {
  const config = execFileSync(
    process.execPath,
    [
      "tooling/nginx/render-config.mjs",
      "--web-dist",
      "apps/web/dist",
      "--sign-dist",
      "apps/sign/dist",
      "--web-name",
      "localhost",
      "--sign-name",
      "localhost",
      "--api-name",
      "localhost",
      "--api-upstream",
      "127.0.0.1:3000",
      "--web-port",
      String(PORTS.web),
      "--sign-port",
      String(PORTS.sign),
      "--api-port",
      String(PORTS.api),
      "--certificate",
      join(dir, "server.pem"),
      "--key",
      join(dir, "server.key"),
    ],
    { cwd: root, encoding: "utf8" },
  );
  await writeFile(join(dir, "paraphe.conf"), config);
  await mkdir(join(dir, "temp"), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(dir, "temp", name)};`;
  await writeFile(
    join(dir, "nginx.conf"),
    [
      "daemon off;",
      // The builds may sit in a folder only their owner reads (a fresh clone in a private temporary
      // folder): the workers run as the test's user, which the master can only choose as root.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 256; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  default_type application/octet-stream;",
      "  access_log off;",
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      `  include ${join(dir, "paraphe.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  // Where Debian's package puts it (the test command installs it when missing).
  const binary = "/usr/sbin/nginx";
  if (!existsSync(binary)) throw new Error("nginx is missing: apt-get install nginx-light");
  execFileSync(binary, ["-t", "-q", "-p", dir, "-c", join(dir, "nginx.conf")]);
  nginx = spawn(binary, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "inherit" });
  await expect.poll(() => alpnOf(PORTS.web).catch(() => undefined), { timeout: 15_000 }).toBe("h2");
}

/** The protocol nginx agrees on over TLS, the chain checked against the test's authority. */
function alpnOf(port: number): Promise<string | false | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(
      {
        host: "127.0.0.1",
        port,
        servername: "localhost",
        ca: caPem,
        ALPNProtocols: ["h2", "http/1.1"],
      },
      () => {
        resolvePromise(socket.alpnProtocol);
        socket.end();
      },
    );
    socket.on("error", reject);
  });
}

/** A GET through nginx from Node, trusting the test's authority only. */
function get(
  url: string,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const call = httpsRequest(url, { ca: caPem }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () =>
        resolvePromise({
          status: answer.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([name, value]) => [name, String(value)]),
          ),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "paraphe-nginx-"));
  await makeCertificates();
  await startNginx();
  browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, `--ignore-certificate-errors-spki-list=${spki}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  nginx?.kill("SIGQUIT");
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("behind nginx with TLS and HTTP/2, the apps answer their security headers and the main flow signs an envelope", async () => {
  test.setTimeout(120_000);
  // Every server agrees on HTTP/2 over a chain the test's authority issued.
  for (const port of Object.values(PORTS)) expect(await alpnOf(port)).toBe("h2");

  const context = await browser.newContext({
    baseURL: WEB,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const first = await get(`${WEB}/envelopes`);
  const built = await readFile(join(root, "apps/web/dist/_headers"), "utf8");
  const policy = /Content-Security-Policy: (.*)/.exec(built)?.[1];
  expect(first.status).toBe(200);
  expect(first.headers["content-security-policy"]).toBe(policy);
  expect(first.headers["x-frame-options"]).toBe("DENY");
  expect(first.headers["cache-control"]).toBe("no-cache");
  expect(first.text).toContain('<div id="root">');
  expect((await get(`${WEB}/_headers`)).status).toBe(404);
  // The api through its own server.
  expect((await get(`${API}/health`)).status).toBe(200);

  const user = await createAccountWithTeam();
  await openSignedIn(page, user);
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .nextHopProtocol,
    ),
  ).toBe("h2");
  const script = await page
    .locator('script[type="module"]')
    .first()
    .evaluate((element) => (element as HTMLScriptElement).src);
  expect((await get(script)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");

  const signer = { email: uniqueEmail("nginx"), firstname: "Ada", lastname: "Lovelace" };
  await prepareAndSend(page, [signer]);

  // The invitation's link, opened on the signing site behind nginx.
  const link = signingLinkOf(await waitForMail(signer.email, 1, 30_000)).replace(
    "http://localhost:5174",
    SIGN,
  );
  const signing = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  ).newPage();
  const response = await signing.goto(link);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await readEveryPage(signing);
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill("Ada Lovelace");
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);

  // An embedded page answers the origins its team allows (none here): the api said so through
  // nginx's auth_request, and the page is served.
  const envelope = /\/sign\/([0-9a-f-]{36})/.exec(link)?.[1] ?? "";
  const embedded = await get(`${SIGN}/embed/sign/${envelope}`);
  expect(embedded.status).toBe(200);
  expect(embedded.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'$/);
  expect(embedded.headers["x-frame-options"]).toBeUndefined();
  expect(embedded.text).toContain('<div id="root">');
  await context.close();
});
