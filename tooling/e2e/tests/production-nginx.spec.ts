import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { chown, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { createRequire } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { connect } from "node:tls";
import { chromiumArgs, chromiumExecutable } from "@paraphe/playwright-config";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { openWhenComplete, prepareAndSend, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import { signUpThroughWebApp, uniqueEmail, waitForMail } from "./support";

// The production setup of the README ("Production behind nginx"), run as it is written: an api of
// its own with NODE_ENV=production on PostgreSQL (a throw-away cluster, or a new database on
// TEST_DATABASE_URL's server), files in an S3-compatible bucket (s3rver), mail through SMTP (the
// suite's mail catcher), the seal's PKCS#12 and every secret production requires made here, with
// exactly the variables of the README's environment file; the two apps' builds behind Debian's
// nginx, configured by tooling/nginx/render-config.mjs, with TLS from a certificate authority made
// here and HTTP/2, the api behind the same nginx. The main flow runs through it: a person signs in
// and sends from the web app, the signer signs on the signing site, the sender downloads the
// sealed PDF; then the bucket holds the files, none of them readable.

const root = resolve(import.meta.dirname, "../../..");
const PORTS = { web: 8443, sign: 8444, api: 8445 } as const;
const WEB = `https://localhost:${PORTS.web}`;
const SIGN = `https://localhost:${PORTS.sign}`;
const API = `https://localhost:${PORTS.api}`;
/** The seal certificate's name, looked for in the sealed PDF. */
const SEAL_NAME = "Paraphe nginx test seal";

let dir: string;
let nginx: ChildProcess | undefined;
let api: ChildProcess | undefined;
let database: { url: string; stop(): Promise<void> } | undefined;
let s3: { directory: string; bucket: string; stop(): Promise<void> } | undefined;
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

/** The seal's certificate and key as the operator gets them: a PKCS#12 file with a passphrase. */
function makeSealP12(passphrase: string): string {
  openssl([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-keyout",
    "seal.key",
    "-out",
    "seal.pem",
    "-subj",
    `/CN=${SEAL_NAME}`,
  ]);
  openssl([
    "pkcs12",
    "-export",
    "-inkey",
    "seal.key",
    "-in",
    "seal.pem",
    "-out",
    "seal.p12",
    "-passout",
    `pass:${passphrase}`,
  ]);
  return join(dir, "seal.p12");
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** The newest PostgreSQL of Debian's packages (`/usr/lib/postgresql/<version>/bin`), if any. */
function postgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base)
    .filter((name) => existsSync(join(base, name, "bin/initdb")))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return version === undefined ? undefined : join(base, version, "bin");
}

/**
 * A new PostgreSQL database: on TEST_DATABASE_URL's server when it is set (dropped afterwards),
 * otherwise on a throw-away cluster started here, as `.ci/run` starts one (its tools run as the
 * `postgres` user when the test runs as root, which the server refuses to be).
 */
async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = postgresBin();
  const psql = (url: string, sql: string) =>
    execFileSync(bin === undefined ? "psql" : join(bin, "psql"), [url, "-qc", sql], {
      stdio: "pipe",
    });
  const shared = process.env.TEST_DATABASE_URL;
  if (shared) {
    const name = `paraphe_nginx_${randomBytes(4).toString("hex")}`;
    psql(shared, `CREATE DATABASE ${name}`);
    const url = new URL(shared);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        psql(shared, `DROP DATABASE ${name} WITH (FORCE)`);
      },
    };
  }
  if (bin === undefined) throw new Error("PostgreSQL is missing: apt-get install postgresql");
  const folder = await mkdtemp(join(tmpdir(), "paraphe-nginx-pg-"));
  const asUser =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
          gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
        }
      : {};
  if (asUser.uid !== undefined) await chown(folder, asUser.uid, asUser.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, {
      ...asUser,
      cwd: folder,
      stdio: ["ignore", "ignore", "pipe"],
    });
  const data = join(folder, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-instructions"]);
  run("pg_ctl", [
    ...["-D", data, "-l", join(folder, "server.log"), "-w"],
    ...["-o", `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"],
  ]);
  const server = `postgres://postgres@127.0.0.1:${port}`;
  psql(`${server}/postgres`, "CREATE DATABASE paraphe");
  return {
    url: `${server}/paraphe`,
    stop: async () => {
      run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** s3rver's API, as the api's suite uses it (it ships no types). */
interface S3rver {
  httpServer: Server | undefined;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver, the api suite's) with one empty bucket. */
async function startS3(): Promise<{
  directory: string;
  bucket: string;
  endpoint: string;
  stop(): Promise<void>;
}> {
  const S3rverClass = createRequire(join(root, "apps/api/package.json"))(
    "s3rver",
  ) as new (options: {
    address: string;
    port: number;
    silent: boolean;
    directory: string;
    configureBuckets: { name: string }[];
  }) => S3rver;
  const directory = await mkdtemp(join(tmpdir(), "paraphe-nginx-s3-"));
  const bucket = "paraphe";
  const server = new S3rverClass({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    directory,
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every file under `folder`, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The variable names of the README's environment file of the api (`/etc/paraphe/api.env`, in
 * "Production behind nginx").
 */
async function documentedVariables(): Promise<string[]> {
  const readme = await readFile(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Production behind nginx"));
  // A code block of a list item, indented.
  const file = /^ *```sh\n *# \/etc\/paraphe\/api\.env\n([\s\S]*?)^ *```/m.exec(section)?.[1];
  if (file === undefined) throw new Error("the README has no /etc/paraphe/api.env block");
  return file
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => line.slice(0, line.indexOf("=")));
}

/**
 * The README's environment file with this machine's values: a value with characters the shell
 * reads is quoted, as the README quotes MAIL_FROM.
 */
function environmentFile(environment: Record<string, string>): string {
  return Object.entries(environment)
    .map(([name, value]) => {
      if (/^[\w.,:/@+=-]*$/.test(value)) return `${name}=${value}`;
      if (/["$`\\]/.test(value)) throw new Error(`${name}: a value the test cannot quote`);
      return `${name}="${value}"`;
    })
    .join("\n");
}

/**
 * The api as the README starts it: its environment file read by the shell (nothing else in the
 * environment but PATH), then the build's server, which migrates the database at start.
 */
async function startApi(environment: Record<string, string>): Promise<void> {
  const file = join(dir, "api.env");
  await writeFile(file, `${environmentFile(environment)}\n`);
  api = spawn(
    "sh",
    ["-c", `set -a && . "${file}" && set +a && exec "${process.execPath}" apps/api/dist/server.js`],
    { cwd: root, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "inherit", "inherit"] },
  );
  const health = `http://127.0.0.1:${environment.API_PORT}/health`;
  await expect
    .poll(
      async () => {
        if (api?.exitCode !== null) throw new Error(`the api exited with code ${api?.exitCode}`);
        return (await fetch(health).catch(() => undefined))?.status;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

/**
 * The deployment's builds of the two apps. The suite builds them once with the default addresses
 * (`vite preview` on localhost:5173 and 5174, the api on localhost:3000); a build with the
 * deployment's `VITE_API_URL`, `VITE_WEB_URL` and `VITE_SIGN_URL` differs from it only where the
 * addresses are (the apps' configuration and `_headers`' policy; the hashed names of the chunks
 * that hold them aside), so the deployment's addresses are put in place of the defaults in a copy
 * rather than the apps built a second time (tens of seconds of both cores).
 */
async function deploymentBuild(app: "web" | "sign"): Promise<string> {
  const target = join(dir, app);
  await cp(join(root, "apps", app, "dist"), target, {
    recursive: true,
    filter: (source) => !source.endsWith(".map") && !source.includes("/.vite"),
  });
  const addresses: [string, string][] = [
    ["http://localhost:3000", API],
    ["http://localhost:5173", WEB],
    ["http://localhost:5174", SIGN],
  ];
  const headers = await readFile(join(target, "_headers"), "utf8");
  expect(headers, "the suite's build calls the api on localhost:3000").toContain(
    "connect-src 'self' http://localhost:3000;",
  );
  for (const file of await filesUnder(target)) {
    if (!/(\.js|_headers|\.html)$/.test(file)) continue;
    const text = await readFile(file, "utf8");
    const deployed = addresses.reduce((result, [from, to]) => result.replaceAll(from, to), text);
    if (deployed !== text) await writeFile(file, deployed);
  }
  return target;
}

async function startNginx(apiUpstream: string): Promise<void> {
  const config = execFileSync(
    process.execPath,
    [
      "tooling/nginx/render-config.mjs",
      "--web-dist",
      await deploymentBuild("web"),
      "--sign-dist",
      await deploymentBuild("sign"),
      "--web-name",
      "localhost",
      "--sign-name",
      "localhost",
      "--api-name",
      "localhost",
      "--api-upstream",
      apiUpstream,
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
  // A throw-away PostgreSQL cluster and the api's migrations on it take their time on a busy machine.
  test.setTimeout(120_000);
  dir = await mkdtemp(join(tmpdir(), "paraphe-nginx-"));
  await makeCertificates();
  const passphrase = randomBytes(12).toString("hex");
  const sealP12 = makeSealP12(passphrase);
  database = await startPostgres();
  const store = await startS3();
  s3 = store;
  const apiPort = await freePort();
  // The README's environment file, with this machine's values.
  const production: Record<string, string> = {
    NODE_ENV: "production",
    API_HOST: "127.0.0.1",
    API_PORT: String(apiPort),
    PUBLIC_API_URL: API,
    WEB_URL: WEB,
    SIGN_URL: SIGN,
    TRUSTED_PROXIES: "127.0.0.1",
    DATABASE_URL: database.url,
    BLOB_STORAGE: "s3",
    S3_ENDPOINT: store.endpoint,
    S3_REGION: "us-east-1",
    S3_BUCKET: store.bucket,
    // s3rver takes this key id (and any secret).
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
    BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Paraphe <no-reply@paraphe.example>",
    SEAL_P12_FILE: sealP12,
    SEAL_P12_PASSPHRASE: passphrase,
    DATA_DIR: join(dir, "data"),
    LOG_LEVEL: "warn",
  };
  expect(Object.keys(production).sort()).toEqual((await documentedVariables()).sort());
  await startApi(production);
  await startNginx(`127.0.0.1:${apiPort}`);
  browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, `--ignore-certificate-errors-spki-list=${spki}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  nginx?.kill("SIGQUIT");
  if (api && api.exitCode === null) {
    const exited = new Promise((resolveExit) => api?.once("exit", resolveExit));
    api.kill("SIGTERM");
    await exited;
  }
  await s3?.stop();
  await database?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("behind nginx with TLS and HTTP/2, the production api on PostgreSQL, S3 and SMTP signs an envelope end to end", async () => {
  test.setTimeout(90_000);
  // Every server agrees on HTTP/2 over a chain the test's authority issued.
  for (const port of Object.values(PORTS)) expect(await alpnOf(port)).toBe("h2");

  const context = await browser.newContext({
    baseURL: WEB,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const first = await get(`${WEB}/envelopes`);
  const built = await readFile(join(dir, "web/_headers"), "utf8");
  const policy = /Content-Security-Policy: (.*)/.exec(built)?.[1];
  expect(policy).toContain(`connect-src 'self' ${API};`);
  expect(first.status).toBe(200);
  expect(first.headers["content-security-policy"]).toBe(policy);
  expect(first.headers["x-frame-options"]).toBe("DENY");
  expect(first.headers["cache-control"]).toBe("no-cache");
  expect(first.text).toContain('<div id="root">');
  expect((await get(`${WEB}/_headers`)).status).toBe(404);
  // The api through its own server.
  expect((await get(`${API}/health`)).status).toBe(200);

  // The protocol of every response the web app's page receives (Chromium's own record of it).
  const protocols = new Map<string, string>();
  const devtools = await context.newCDPSession(page);
  devtools.on("Network.responseReceived", ({ response }) => {
    if (response.url.startsWith("https:")) protocols.set(response.url, response.protocol ?? "");
  });
  await devtools.send("Network.enable");

  // A person signs in with the code the api sent through SMTP, and makes a team.
  const sender = await signUpThroughWebApp(page);
  const script = await page
    .locator('script[type="module"]')
    .first()
    .evaluate((element) => (element as HTMLScriptElement).src);
  expect((await get(script)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");

  const signer = { email: uniqueEmail("nginx"), firstname: "Ada", lastname: "Lovelace" };
  const viewUrl = await prepareAndSend(page, [signer]);
  // Every response of the web app and of the api came over HTTP/2, the api's through nginx.
  expect(new Set(protocols.values())).toEqual(new Set(["h2"]));
  expect([...protocols.keys()].filter((url) => url.startsWith(`${API}/`)).length).toBeGreaterThan(
    5,
  );

  // The invitation's link names the signing site behind nginx (SIGN_URL).
  const invitation = await waitForMail(signer.email, 1, 30_000);
  const link = new RegExp(`(${SIGN}/sign/[0-9a-f-]+#[^\\s"<>]+)`).exec(invitation.text)?.[1];
  expect(link, "the invitation's signing link").toBeDefined();
  const signingContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const signing = await signingContext.newPage();
  const response = await signing.goto(link ?? "");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await readEveryPage(signing);
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill("Ada Lovelace");
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);
  await signingContext.close();

  // An embedded page answers the origins its team allows (none here): the api said so through
  // nginx's auth_request, and the page is served.
  const envelope = /\/sign\/([0-9a-f-]{36})/.exec(link ?? "")?.[1] ?? "";
  const embedded = await get(`${SIGN}/embed/sign/${envelope}`);
  expect(embedded.status).toBe(200);
  expect(embedded.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'$/);
  expect(embedded.headers["x-frame-options"]).toBeUndefined();
  expect(embedded.text).toContain('<div id="root">');

  // Sealed with the configured certificate, downloaded by the sender through nginx.
  await openWhenComplete(page, sender, viewUrl);
  const download = page.getByRole("button", { name: SIGNING.en.downloadSealed });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const sealed = join(dir, "sealed.pdf");
  await file.saveAs(sealed);
  const sig = execFileSync("pdfsig", [sealed], { encoding: "utf8" });
  expect(sig).toContain(SEAL_NAME);
  expect(sig).toContain("Signature is Valid");
  await context.close();

  // The files (the upload, its page previews, the sealed PDF) are objects of the bucket, each
  // encrypted: no PDF nor image among them. Nothing of the deployment was written on the api's disk.
  const objects = (await filesUnder(join(s3?.directory ?? "", s3?.bucket ?? ""))).filter((name) =>
    name.endsWith("._S3rver_object"),
  );
  expect(objects.length).toBeGreaterThanOrEqual(2);
  for (const object of objects) {
    const bytes = await readFile(object);
    expect(bytes.includes("%PDF"), object).toBe(false);
    // A preview is WebP (RIFF....WEBP) or PNG (\x89PNG).
    expect(bytes.subarray(8, 12).toString("latin1"), object).not.toBe("WEBP");
    expect(bytes.subarray(1, 4).toString("latin1"), object).not.toBe("PNG");
  }
  expect(await filesUnder(join(dir, "data"))).toEqual([]);
});
