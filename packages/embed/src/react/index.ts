export { ParapheSigning, type ParapheSigningProps, type SigningCallbacks } from "./paraphe-signing";
export type {
  SignerPrefill,
  SigningEvent,
  SigningEventMap,
  SigningEventName,
  SigningLanguage,
  SigningOptions,
  SigningTheme,
} from "../index";
