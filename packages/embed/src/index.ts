export {
  ELEMENT_ATTRIBUTES,
  ELEMENT_EVENT_NAMES,
  defineParapheSigning,
  type ParapheSigningElement,
  type ParapheSigningElementEventMap,
} from "./element";
export {
  SIGNING_EVENT_NAMES,
  signingEventOf,
  type SigningEvent,
  type SigningEventMap,
  type SigningEventName,
} from "./events";
export { mountSigningFrame, type SigningFrame } from "./frame";
export {
  EDITOR_EVENT_NAMES,
  editorEventOf,
  editorFrameAddress,
  mountEditorFrame,
  type EditorEvent,
  type EditorEventMap,
  type EditorEventName,
  type EditorFrame,
  type EditorFrameAddress,
  type EditorOptions,
} from "./editor";
export {
  EDITOR_ELEMENT_ATTRIBUTES,
  EDITOR_ELEMENT_EVENT_NAMES,
  defineParapheEditor,
  type ParapheEditorElement,
  type ParapheEditorElementEventMap,
} from "./editor-element";
export {
  signingFrameAddress,
  type SignerPrefill,
  type SigningFrameAddress,
  type SigningLanguage,
  type SigningOptions,
  type SigningTheme,
} from "./options";
