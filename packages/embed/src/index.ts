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
  signingFrameAddress,
  type SignerPrefill,
  type SigningFrameAddress,
  type SigningLanguage,
  type SigningOptions,
  type SigningTheme,
} from "./options";
