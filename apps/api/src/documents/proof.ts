import { getServerT } from "@paraphe/i18n";
import {
  PROOF_RECORD_FILENAME,
  buildProofRecord,
  encodeProofRecord,
} from "@paraphe/api-sdk/verify";
import { type AuditEvent } from "./audit-chain";
import { type ProofModel } from "./proof-layout";
import { sharedDocumentWorkers } from "./worker-pool";

export interface ProofSigner {
  name: string;
  email: string;
  /** When the signer signed; null when they did not (declined or canceled envelopes). */
  signedAt: Date | null;
  /** The signature as drawn or typed, PNG. */
  signatureImage?: Uint8Array;
  /** A recipient in copy: signed nothing, received the result. */
  copied?: boolean;
  /** A viewer: signed nothing; when they marked the document read after reading every page. */
  viewedAt?: Date | null;
}

export interface ProofInput {
  /** The sender's (or recipient's) language. */
  language: "en" | "fr";
  title: string;
  envelopeId: string;
  /**
   * SHA-256 of the uploaded file and of the sealed one, lowercase hex; for an envelope of several
   * documents, one hash per document in the same order, separated by spaces.
   */
  originalSha256: string;
  sealedSha256: string;
  /** The activity log, oldest first, as recorded in the hash chain. */
  events: readonly AuditEvent[];
  signers: readonly ProofSigner[];
  generatedAt: Date;
  completedAt?: Date;
  /** The activity log's last hash, which anchors the chain. */
  chainHead?: string;
  /**
   * How the activity chain was checked when the proof was made: keyed (HMAC-SHA-256) and valid or
   * not, and when events recorded before keying were re-keyed (null: all keyed when recorded).
   */
  chainCheck?: { valid: boolean; rekeyedAt: Date | null };
  /** IANA time zone the times are written in; UTC by default. */
  timeZone?: string;
  /** The sending team's name and logo, shown on the cover. */
  brand?: ProofModel["brand"];
}

type ProofT = ReturnType<typeof getServerT<"proof">>;

/**
 * Renders the audit-log proof, the certificate of completion: the document's title and ids, the
 * SHA-256 of the original and sealed files, each signer with their signature image, and every
 * event of the activity log with its time, actor, IP address and user agent, in `language`
 * (texts from the i18n `proof` namespace, dates through Intl). A4, DejaVu Sans embedded as
 * subsets, as many pages as the log needs, each with a footer. Seal the result with `sealPdf`.
 *
 * The PDF also embeds `paraphe-proof.json` (an associated file, `@paraphe/api-sdk/verify`'s
 * `proofRecordSchema`): the documents' hashes and the events chained with plain SHA-256, which
 * `paraphe-verify` checks offline, without the platform's key that the activity chain is keyed with.
 *
 * The texts are resolved here; the layout (pdf-lib, font subsetting, with the fonts parsed and
 * each text shaped once per worker: `font-cache.ts`) runs in the document worker thread.
 */
export function renderProof(input: ProofInput): Promise<Uint8Array> {
  return sharedDocumentWorkers().run("proof", proofModel(input));
}

/** Every text of the proof, translated and formatted, ready for the layout. */
export function proofModel(input: ProofInput): ProofModel {
  const t = getServerT(input.language, "proof");
  const timeZone = input.timeZone ?? "UTC";
  const dateTime = new Intl.DateTimeFormat(input.language, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone,
  });
  const formatDate = (value: Date | string) => dateTime.format(new Date(value));

  const originals = input.originalSha256.split(" ");
  const sealed = input.sealedSha256.split(" ");
  const record = buildProofRecord({
    envelopeId: input.envelopeId,
    title: input.title,
    generatedAt: input.generatedAt,
    documents: originals.map((originalSha256, index) => ({
      originalSha256,
      sealedSha256: sealed[index] ?? "",
    })),
    events: input.events,
  });
  const summary: ProofModel["summary"] = [
    { label: t("summary.title"), value: input.title, mono: false },
    { label: t("summary.envelopeId"), value: input.envelopeId, mono: true },
    { label: t("summary.originalSha256"), value: input.originalSha256, mono: true },
    { label: t("summary.sealedSha256"), value: input.sealedSha256, mono: true },
  ];
  if (input.completedAt) {
    summary.push({
      label: t("summary.completedAt"),
      value: formatDate(input.completedAt),
      mono: false,
    });
  }
  summary.push({
    label: t("summary.generatedAt"),
    value: formatDate(input.generatedAt),
    mono: false,
  });
  // Two values, each labelled: the SHA-256 fingerprint anyone recomputes from the embedded record
  // (what paraphe-verify prints), and the platform's keyed head, which only Paraphe can check.
  if (record.chain.head !== null) {
    summary.push({ label: t("summary.chainFingerprint"), value: record.chain.head, mono: true });
  }
  if (input.chainHead) {
    summary.push({ label: t("summary.chainHead"), value: input.chainHead, mono: true });
  }
  if (input.chainCheck) {
    const { valid, rekeyedAt } = input.chainCheck;
    summary.push({
      label: t("summary.chainCheck"),
      value: !valid
        ? t("chainCheck.broken")
        : rekeyedAt === null
          ? t("chainCheck.keyed")
          : t("chainCheck.rekeyed", { date: formatDate(rekeyedAt) }),
      mono: false,
    });
  }

  return {
    language: input.language === "fr" ? "fr-FR" : "en",
    documentTitle: `${t("documentTitle")} — ${input.title}`,
    envelopeId: input.envelopeId,
    generatedAt: input.generatedAt,
    texts: {
      productTagline: t("productTagline"),
      runningTitle: t("documentTitle"),
      heading: t("heading"),
      title: input.title,
      intro: t("intro"),
      summaryHeading: t("summary.heading"),
      signersHeading: t("signers.heading"),
      eventsHeading: t("events.heading"),
      verificationHeading: t("verification.heading"),
      verificationBody: t("verification.body", { timeZone }),
      noSignatureImage: t("signers.noSignatureImage"),
      columns: [
        t("events.time"),
        t("events.event"),
        t("events.actor"),
        t("events.ipAddress"),
        t("events.userAgent"),
      ],
      footer: t("footer", { envelopeId: input.envelopeId, page: "{page}", pages: "{pages}" }),
    },
    summary,
    ...(input.brand === undefined ? {} : { brand: input.brand }),
    record: {
      filename: PROOF_RECORD_FILENAME,
      bytes: encodeProofRecord(record),
      description: t("recordDescription"),
    },
    signers: input.signers.map((signer) => ({
      name: signer.name,
      email: signer.email,
      status:
        signer.copied === true
          ? t("signers.copied")
          : signer.viewedAt !== undefined
            ? signer.viewedAt === null
              ? t("signers.notViewed")
              : t("signers.viewedAt", { date: formatDate(signer.viewedAt) })
            : signer.signedAt
              ? t("signers.signedAt", { date: formatDate(signer.signedAt) })
              : t("signers.notSigned"),
      signatureImage: signer.signatureImage,
    })),
    events: input.events.map((event) => ({
      time: formatDate(event.at),
      event: t(`events.types.${event.type}`),
      details: eventDetails(event, t),
      actorName: event.actor?.name || event.actor?.email || t("events.platform"),
      actorEmail: event.actor?.name ? event.actor.email : "",
      ip: event.ip ?? t("events.notRecorded"),
      ipRecorded: event.ip !== null,
      userAgent: event.userAgent ?? t("events.notRecorded"),
    })),
  };
}

/** The proof's words for the check a signer passed: its method, and for an account how. */
function verificationDetailKey(data: Extract<AuditEvent, { type: "signerVerified" }>["data"]) {
  if (data.method === "sms_code") return "events.verificationSmsDetail";
  if (data.method === "account") {
    return data.factor === "passkey"
      ? "events.verificationAccountPasskeyDetail"
      : "events.verificationAccountCodeDetail";
  }
  return "events.verificationDetail";
}

function eventDetails(event: AuditEvent, t: ProofT): string[] {
  const people = (list: readonly { name: string; email: string }[]) =>
    list
      .map((person) => (person.name ? `${person.name} <${person.email}>` : person.email))
      .join(", ");
  switch (event.type) {
    case "envelopeCreated":
      return [
        t("events.titleDetail", { title: event.data.title }),
        ...(event.data.fromTemplate === undefined
          ? []
          : [t("events.templateDetail", { title: event.data.fromTemplate.title })]),
        ...(event.data.viaApiKey === undefined
          ? []
          : [t("events.apiKeyDetail", { description: event.data.viaApiKey.description })]),
        ...(event.data.viaDirectLink === true ? [t("events.directLinkDetail")] : []),
      ];
    case "envelopeSent":
      return [
        t("events.recipientsDetail", { recipients: people(event.data.recipients) }),
        ...(event.data.copied === undefined
          ? []
          : [t("events.copiedDetail", { recipients: people(event.data.copied) })]),
      ];
    case "envelopeDeclined":
    case "approvalRejected":
    case "envelopeCanceled":
      return [t("events.reasonDetail", { reason: event.data.reason })];
    case "signerDelegated":
      return [
        t("events.delegatedDetail", {
          from: event.actor === null ? "" : people([event.actor]),
          to: people([event.data.to]),
        }),
        t("events.reasonDetail", { reason: event.data.reason }),
      ];
    case "documentSigned": {
      // Each file the signer attached: its name, size and SHA-256, as embedded in the sealed PDF.
      const attachments = (event.data.attachments ?? []).map((attachment) =>
        t("events.attachmentDetail", {
          name: attachment.name,
          size: attachment.size,
          sha256: attachment.sha256,
        }),
      );
      // At AES and QES, the signer's own signature: the check passed and the certificate used.
      const signature = event.data.signature;
      if (signature === undefined) return attachments;
      return [
        signature.level === "QES"
          ? t("events.qualifiedSignatureDetail")
          : t("events.advancedSignatureDetail", {
              check: t(`events.advancedChecks.${signature.check}`),
            }),
        t("events.certificateDetail", {
          subject: signature.certificate.subject,
          serialNumber: signature.certificate.serialNumber,
          fingerprint: signature.certificate.fingerprintSha256,
          issuer: signature.certificate.issuer,
        }),
        ...attachments,
      ];
    }
    case "documentViewed":
      return [t("events.viewedDetail")];
    case "stepStarted":
      return [
        t("events.stepDetail", { step: event.data.step, steps: event.data.steps }),
        t("events.stepRecipientsDetail", { recipients: people(event.data.recipients) }),
      ];
    case "stepEnded":
      return [t("events.stepDetail", { step: event.data.step, steps: event.data.steps })];
    case "signerVerified":
      return [t(verificationDetailKey(event.data))];
    default:
      return [];
  }
}
