import { PDFArray, PDFDict, PDFName, PDFStream, type PDFDocument, type PDFObject } from "pdf-lib";

/**
 * Content a PDF reader may act on beyond drawing the pages, which the upload refuses so that what
 * signers see in the previews is what any reader shows: `embedded_files` (files carried inside the
 * PDF: the `/EmbeddedFiles` names tree, a file specification's `/EF`, an `/EmbeddedFile` stream,
 * `/AF` associated files), `javascript` (the `/JavaScript` names tree, a JavaScript action or its
 * `/JS` script) and `automatic_actions` (`/AA` additional actions, run on opening, closing,
 * printing, a page shown or a field touched; an `/OpenAction` other than going to a page).
 */
export type ActiveContentKind = "embedded_files" | "javascript" | "automatic_actions";

/** The kinds in the order the upload names them (its code is the first one found). */
export const ACTIVE_CONTENT_KINDS: readonly ActiveContentKind[] = [
  "embedded_files",
  "javascript",
  "automatic_actions",
];

/** What a PDF holds of each kind: the keys found, as written in PDF (`/EmbeddedFiles`, `/JS`, ...). */
export type ActiveContent = Map<ActiveContentKind, Set<string>>;

const KEYS = new Map<PDFName, ActiveContentKind>([
  [PDFName.of("EmbeddedFiles"), "embedded_files"],
  [PDFName.of("EF"), "embedded_files"],
  [PDFName.of("AF"), "embedded_files"],
  [PDFName.of("JavaScript"), "javascript"],
  [PDFName.of("JS"), "javascript"],
  [PDFName.of("AA"), "automatic_actions"],
]);
const TYPE = PDFName.of("Type");
const SUBTYPE = PDFName.of("S");
const OPEN_ACTION = PDFName.of("OpenAction");
const EMBEDDED_FILE = PDFName.of("EmbeddedFile");
const JAVASCRIPT = PDFName.of("JavaScript");
const GO_TO = PDFName.of("GoTo");
const NEXT = PDFName.of("Next");

/**
 * The active content of `document`: every object the file holds (each indirect object once, its
 * direct dictionaries and arrays walked without recursion, references not followed), so the work
 * is linear in the file's size, and an object that no page uses is looked at too. Names are
 * compared decoded (`/#4A#53` is `/JS`).
 */
export function findActiveContent(document: PDFDocument): ActiveContent {
  const found: ActiveContent = new Map();
  const add = (kind: ActiveContentKind, key: string) => {
    const keys = found.get(kind) ?? new Set<string>();
    keys.add(key);
    found.set(kind, keys);
  };
  const pending: PDFObject[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    pending.push(object);
    while (pending.length > 0) {
      const item = pending.pop();
      if (item instanceof PDFStream) {
        pending.push(item.dict);
      } else if (item instanceof PDFArray) {
        for (let index = 0; index < item.size(); index++) pending.push(item.get(index));
      } else if (item instanceof PDFDict) {
        for (const [key, value] of item.entries()) {
          const kind = KEYS.get(key);
          if (kind !== undefined) add(kind, key.asString());
          else if (key === TYPE && value === EMBEDDED_FILE) add("embedded_files", "/EmbeddedFile");
          else if (key === SUBTYPE && value === JAVASCRIPT) add("javascript", "/S /JavaScript");
          else if (key === OPEN_ACTION && !goesToAPage(document, value)) {
            add("automatic_actions", "/OpenAction");
          }
          if (value instanceof PDFDict || value instanceof PDFArray || value instanceof PDFStream) {
            pending.push(value);
          }
        }
      }
    }
  }
  return found;
}

/**
 * Whether an `/OpenAction` only opens a page: a destination (an array, or a named destination),
 * or a GoTo action with no next action.
 */
function goesToAPage(document: PDFDocument, value: PDFObject): boolean {
  const action = document.context.lookup(value);
  if (!(action instanceof PDFDict)) return true;
  return action.get(SUBTYPE) === GO_TO && action.get(NEXT) === undefined;
}
