/**
 * A VCEK is issued for one chip at one TCB: its AMD extensions (OID arc 1.3.6.1.4.1.3704.1) name the
 * chip (hwID) and the security patch level (SPL) of each firmware component. A report signed by that
 * VCEK must carry the same CHIP_ID and REPORTED_TCB; a VCEK for another chip or TCB is not the key of
 * this report. (AMD, "Versioned Chip Endorsement Key (VCEK) Certificate and KDS Interface
 * Specification", document 57230.)
 */
import { fromHex, timingSafeEqual } from "../internal/bytes";
import { decodeSnpTcb, type SnpReport, type SnpTcbLayout, type SnpTcbVersion } from "./report";

/** The processor generations whose ASK names this package recognises. */
export type SnpProductLine = "Milan" | "Genoa" | "Turin";

const AMD_ARC = "1.3.6.1.4.1.3704.1";
const HARDWARE_ID_OID = `${AMD_ARC}.4`;
const SPL_OIDS = {
  fmc: `${AMD_ARC}.3.9`,
  bootLoader: `${AMD_ARC}.3.1`,
  tee: `${AMD_ARC}.3.2`,
  snp: `${AMD_ARC}.3.3`,
  microcode: `${AMD_ARC}.3.8`,
} as const;
type SplField = keyof typeof SPL_OIDS;

const PRODUCT_FIELDS: Record<SnpProductLine, readonly SplField[]> = {
  Milan: ["bootLoader", "tee", "snp", "microcode"],
  Genoa: ["bootLoader", "tee", "snp", "microcode"],
  Turin: ["fmc", "bootLoader", "tee", "snp", "microcode"],
};
const PRODUCT_LAYOUT: Record<SnpProductLine, SnpTcbLayout> = {
  Milan: "milan-genoa",
  Genoa: "milan-genoa",
  Turin: "turin",
};
/** Turin's hwID is the first 8 bytes of CHIP_ID; earlier generations use all 64. */
const HARDWARE_ID_LENGTH: Record<SnpProductLine, number> = { Milan: 64, Genoa: 64, Turin: 8 };

/** The product line named by an ASK's Common Name (`SEV-Milan`, `SEV-Genoa`, `SEV-Turin`). */
export function productLineOfAsk(commonName: string | null): SnpProductLine | null {
  switch (commonName) {
    case "SEV-Milan":
      return "Milan";
    case "SEV-Genoa":
      return "Genoa";
    case "SEV-Turin":
      return "Turin";
    default:
      return null;
  }
}

/** Reads a DER INTEGER holding 0-255 (an SPL); `null` for anything else. */
function readSplInteger(der: Uint8Array): number | null {
  const [tag, length, ...content] = der;
  if (tag !== 0x02 || length === undefined || length !== content.length || length < 1 || length > 2)
    return null;
  const [first = 0, second] = content;
  if (first & 0x80) return null;
  if (second === undefined) return first;
  if (first !== 0 || (second & 0x80) === 0) return null;
  return second;
}

/** Reads the hwID extension: raw bytes, or (tolerated) wrapped in a DER OCTET STRING. */
function readHardwareId(value: Uint8Array, expectedLength: number): Uint8Array | null {
  if (value.byteLength === expectedLength) return value;
  if (value[0] === 0x04 && value[1] === expectedLength && value.byteLength === expectedLength + 2) {
    return value.subarray(2);
  }
  return null;
}

/**
 * Checks that a VCEK's extensions name the report's chip and REPORTED_TCB. Returns the problems
 * found; an empty list means the VCEK is this report's key. A missing extension is a problem.
 */
export function vcekBindingProblems(
  extensions: ReadonlyMap<string, Uint8Array>,
  productLine: SnpProductLine,
  report: SnpReport,
): string[] {
  const problems: string[] = [];
  const reportedBytes = fromHex(report.reportedTcb.raw) ?? new Uint8Array(8);
  const reported: SnpTcbVersion = decodeSnpTcb(reportedBytes, PRODUCT_LAYOUT[productLine]);
  for (const field of PRODUCT_FIELDS[productLine]) {
    const value = extensions.get(SPL_OIDS[field]);
    if (!value) {
      problems.push(`The VCEK has no ${field} SPL extension (${SPL_OIDS[field]}).`);
      continue;
    }
    const spl = readSplInteger(value);
    const wanted = reported[field];
    if (spl === null) problems.push(`The VCEK's ${field} SPL extension is not a small integer.`);
    else if (spl !== wanted) {
      problems.push(
        `The VCEK's ${field} SPL ${spl} differs from the report's REPORTED_TCB (${wanted ?? "none"}).`,
      );
    }
  }
  if (!report.keyInfo.chipIdMasked) {
    const length = HARDWARE_ID_LENGTH[productLine];
    const value = extensions.get(HARDWARE_ID_OID);
    const hardwareId = value ? readHardwareId(value, length) : null;
    if (!value) problems.push(`The VCEK has no hardware ID extension (${HARDWARE_ID_OID}).`);
    else if (!hardwareId) problems.push(`The VCEK's hardware ID is not ${length} bytes.`);
    else if (!timingSafeEqual(hardwareId, report.chipId.subarray(0, length))) {
      problems.push("The VCEK's hardware ID differs from the report's CHIP_ID.");
    }
  }
  return problems;
}
