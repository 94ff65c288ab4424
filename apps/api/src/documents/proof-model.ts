/** The proof with every text resolved: what `renderProof` hands to the worker thread. */
export interface ProofModel {
  /** BCP 47 tag written into the PDF catalog (/Lang). */
  language: string;
  /** The PDF's title metadata. */
  documentTitle: string;
  envelopeId: string;
  generatedAt: Date;
  texts: {
    productTagline: string;
    runningTitle: string;
    heading: string;
    title: string;
    intro: string;
    summaryHeading: string;
    signersHeading: string;
    eventsHeading: string;
    verificationHeading: string;
    verificationBody: string;
    noSignatureImage: string;
    /** Time, event, actor, IP address, user agent. */
    columns: [string, string, string, string, string];
    /** With "{page}" and "{pages}" still to fill. */
    footer: string;
  };
  summary: Array<{ label: string; value: string; mono: boolean }>;
  /** The machine-readable record (`paraphe-proof.json`), embedded as an associated file. */
  record: { filename: string; bytes: Uint8Array; description: string };
  signers: Array<{ name: string; email: string; status: string; signatureImage?: Uint8Array }>;
  events: EventRow[];
  /** The sending team's name and logo on the cover (issue 33); absent: none. */
  brand?: { name: string; logo?: { bytes: Uint8Array; type: "image/png" | "image/jpeg" } };
}

export interface EventRow {
  time: string;
  event: string;
  details: string[];
  actorName: string;
  actorEmail: string;
  ip: string;
  /** False when `ip` is the "not recorded" text. */
  ipRecorded: boolean;
  userAgent: string;
}
