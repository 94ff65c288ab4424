/**
 * Upload to editor: the api as a process of its own (`node src/server.ts`, its job worker
 * included) on PGlite, a sender signed in through the SDK (tunnel, signed calls), then for each
 * page count a scan-like PDF generated here (every page one full-page greyscale image at 150 dpi,
 * A4, with lines of "text" and speckles, about 100 KB a page) uploaded with `/envelope/upload`:
 *
 * - time to the draft: from the upload call until it answers (the editor opens then);
 * - time to all previews: from the same start until `/envelope/get` tells every page's preview is
 *   ready (`previewsReady`, read every 100 ms; the previews are rendered by the api's job queue);
 * - their ratio; goal: the draft in at most 5% of the time all previews take.
 *
 * A benchmark, not a test: it exits non-zero only when a call failed.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { PDF } from "@libpdf/core";
import {
  createApiClient,
  DEFAULT_APP_CREDENTIALS,
  type ApiClient,
  type SigningCredential,
} from "@paraphe/api-sdk";
import { createTestTunnelClient, startApiProcess, stopApiProcess } from "@paraphe/api/testing";

export interface UploadOptions {
  pageCounts: number[];
}

export interface UploadRun {
  pages: number;
  bytes: number;
  draftMs: number;
  allPreviewsMs: number;
  /** draftMs / allPreviewsMs. */
  ratio: number;
}

export interface UploadResult {
  runs: UploadRun[];
}

/** A4 at 150 dpi. */
const IMAGE_WIDTH = 1240;
const IMAGE_HEIGHT = 1754;

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A greyscale PNG of a scanned page: off-white, lines of dark dashes ("words"), speckles. */
function scannedPagePng(seed: number): Uint8Array {
  let state = seed * 2654435761 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const stride = IMAGE_WIDTH + 1;
  const raw = Buffer.alloc(stride * IMAGE_HEIGHT, 248);
  for (let y = 0; y < IMAGE_HEIGHT; y++) raw[y * stride] = 0; // filter: none
  // Lines of words: 14 px high, every 34 px, inside 120 px margins.
  for (let top = 150; top < IMAGE_HEIGHT - 150; top += 34) {
    let x = 120;
    while (x < IMAGE_WIDTH - 120) {
      const word = 20 + Math.floor(random() * 90);
      for (let y = top; y < top + 14; y++) {
        for (let i = x; i < Math.min(x + word, IMAGE_WIDTH - 120); i++) {
          raw[y * stride + 1 + i] = random() < 0.85 ? 50 : 170;
        }
      }
      x += word + 12 + Math.floor(random() * 10);
    }
  }
  // Scanner speckles.
  for (let n = 0; n < 3000; n++) {
    const x = Math.floor(random() * IMAGE_WIDTH);
    const y = Math.floor(random() * IMAGE_HEIGHT);
    raw[y * stride + 1 + x] = Math.floor(random() * 200);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(IMAGE_WIDTH, 0);
  header.writeUInt32BE(IMAGE_HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw, { level: 6 })),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** A scan-like PDF: each page one full-page image (8 distinct pages repeated with other seeds). */
export async function scannedPdf(pages: number): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let index = 0; index < pages; index++) {
    const page = pdf.addPage({ size: "a4" });
    const image = pdf.embedPng(scannedPagePng(index + 1));
    page.drawImage(image, { x: 0, y: 0, width: page.width, height: page.height });
  }
  return pdf.save();
}

interface MailboxMessage {
  to: string;
  text: string;
}

async function signIn(apiUrl: string): Promise<ApiClient> {
  let credential: SigningCredential | null = null;
  const api = createApiClient({
    baseUrl: apiUrl,
    tunnel: createTestTunnelClient(fetch, { baseUrl: apiUrl }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
  });
  const sender = `sender.${randomBytes(4).toString("hex")}@bench.example.com`;
  await api.authentication.requestCode({ email: sender, language: "en" });
  const deadline = Date.now() + 60_000;
  let code: string | undefined;
  while (code === undefined) {
    if (Date.now() > deadline) throw new Error("no sign-in code");
    const messages = (await (await fetch(`${apiUrl}/dev/mailbox.json`)).json()) as MailboxMessage[];
    code = messages
      .filter((message) => message.to.includes(sender))
      .map((message) => /^([0-9A-Z]{6})\r?$/m.exec(message.text)?.[1])
      .find((found) => found !== undefined);
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  credential = await api.authentication.verifyCode({ email: sender, code });
  await api.team.create({ name: "Upload", firstname: "Ada", lastname: "Sender" });
  return api;
}

/** Uploads `pdf`, then reads the draft every 100 ms until every page's preview is ready. */
async function uploadAndWait(
  client: ApiClient,
  pdf: Uint8Array,
  filename: string,
): Promise<{ draftMs: number; allPreviewsMs: number }> {
  const data = Buffer.from(pdf).toString("base64");
  const started = performance.now();
  const draft = await client.envelope.upload({ files: [{ filename, data }] });
  const draftMs = performance.now() - started;
  for (;;) {
    const detail = await client.envelope.get({ envelopeUuid: draft.uuid });
    const document = detail.documents[0];
    if (document !== undefined && (document.previewsReady ?? 0) >= document.pageCount) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { draftMs, allPreviewsMs: performance.now() - started };
}

export async function runUploadBenchmark(
  options: UploadOptions,
  log: (line: string) => void = console.log,
): Promise<UploadResult> {
  const workDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-upload-"));
  const runs: UploadRun[] = [];
  try {
    log("upload: starting the api (PGlite, job worker included)");
    const api = await startApiProcess("api", {
      NODE_ENV: "test",
      API_HOST: "127.0.0.1",
      API_PORT: "0",
      LOG_LEVEL: "info",
      DEV_MAILBOX: "1",
      DATA_DIR: path.join(workDir, "data"),
      BLOB_DIR: path.join(workDir, "blobs"),
      BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
    });
    try {
      const client = await signIn(api.url);
      // The api's first upload also starts its document workers and loads pdf.js into them, once
      // for the process's life: a two-page scan goes first, unmeasured, so that each measured run
      // times what every upload costs, whatever the order of the page counts.
      log("upload: a two-page scan first, to start the document workers (not measured)");
      await uploadAndWait(client, await scannedPdf(2), "warm-up.pdf");
      for (const pages of options.pageCounts) {
        log(`upload: generating a ${pages}-page scan`);
        const pdf = await scannedPdf(pages);
        const { draftMs, allPreviewsMs } = await uploadAndWait(client, pdf, `scan-${pages}.pdf`);
        runs.push({
          pages,
          bytes: pdf.length,
          draftMs,
          allPreviewsMs,
          ratio: draftMs / allPreviewsMs,
        });
      }
    } finally {
      await stopApiProcess(api);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return { runs };
}
