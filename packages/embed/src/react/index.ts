export { ParapheSigning, type ParapheSigningProps, type SigningCallbacks } from "./paraphe-signing";
export { ParapheEditor, type ParapheEditorProps, type EditorCallbacks } from "./paraphe-editor";
export type {
  EditorEvent,
  EditorEventMap,
  EditorEventName,
  EditorOptions,
  SignerPrefill,
  SigningEvent,
  SigningEventMap,
  SigningEventName,
  SigningLanguage,
  SigningOptions,
  SigningTheme,
} from "../index";
