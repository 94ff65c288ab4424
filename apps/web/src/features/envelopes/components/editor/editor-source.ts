import {
  type EnvelopeDetail,
  type EnvelopeOptions,
  type EnvelopeTag,
  type FieldInput,
  type SigningOrder,
} from "@paraphe/api-sdk/contract";

/** A person fields are placed for: an envelope's recipient or a template's role. */
export interface EditorPerson {
  uuid: string;
  name: string;
  kind: "signer" | "approver" | "cc" | "viewer";
}

/**
 * What the one editor edits and how it saves it: an envelope's draft through /envelope/* or a
 * template through /template/* (see `useEnvelopeEditorSource` and `useTemplateEditorSource`).
 */
export interface EditorSource {
  kind: "envelope" | "template";
  uuid: string;
  workspaceUuid: string;
  title: string;
  documents: EnvelopeDetail["documents"];
  fields: EnvelopeDetail["fields"];
  options: EnvelopeOptions;
  tags: readonly EnvelopeTag[];
  people: readonly EditorPerson[];
  /** The role may change it (otherwise it reads as in the preview). */
  mayEdit: boolean;
  /** Where "back" leads, and its label. */
  listPath: string;
  backLabel: string;
  update: (change: { title?: string; options?: Partial<EnvelopeOptions> }) => Promise<unknown>;
  saveFields: (fields: FieldInput[]) => Promise<{ fields: readonly { uuid: string }[] }>;
}

/** What the editor gives the people panel (recipients or roles). */
export interface PeoplePanelProps {
  selectedUuid: string | null;
  onSelect: (uuid: string) => void;
  /**
   * Runs a save of the people once the options save under way (the signing order) has reached the
   * server, and tracks it in the editor's save indicator: a step saved before the custom order
   * would be put back in the preset's steps.
   */
  save: <T>(run: () => Promise<T>) => Promise<T>;
  /** A person removed (or become an approver): their fields go too. */
  onRemoved: (uuid: string) => void;
  signingOrder: SigningOrder;
  onSigningOrderChange: (order: SigningOrder) => void;
}
