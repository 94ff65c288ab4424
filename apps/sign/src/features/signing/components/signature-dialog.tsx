import "@fontsource/caveat/400.css";
import "@fontsource/dancing-script/400.css";
import "@fontsource/great-vibes/400.css";
import { useTranslation } from "@paraphe/i18n/react";
import { Dialog, DialogContent, SwipeToConfirm, toast } from "@paraphe/ui-kit";
import { useRef } from "react";
import { type SignatureInput as SignaturePayload } from "../../../lib/api";
import { renderTypedSignature } from "../lib/render-signature";
import { isDraftReady, type SignatureDraft } from "../lib/signature-draft";
import { SignatureInput } from "./signature-input";
import { type SignaturePadHandle } from "./signature-pad-canvas";

export interface SignatureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  needsInitials: boolean;
  signature: SignatureDraft;
  onSignatureChange: (draft: SignatureDraft) => void;
  initials: SignatureDraft;
  onInitialsChange: (draft: SignatureDraft) => void;
  /** Signs; a rejected promise puts the swipe back (the drawing stays). */
  onSign: (signature: SignaturePayload, initials: string | undefined) => Promise<unknown>;
}

async function toPng(draft: SignatureDraft, pad: SignaturePadHandle | null): Promise<string> {
  if (draft.mode === "type") return renderTypedSignature(draft.typed.trim(), draft.font);
  const png = pad?.toPng();
  if (!png) throw new Error("Nothing is drawn");
  return png;
}

/**
 * The signature sheet (loaded on demand): draw or type the signature, the initials when the
 * envelope has initials fields, then swipe to sign.
 */
export default function SignatureDialog(props: SignatureDialogProps) {
  const { t } = useTranslation(["sign", "common"]);
  const signaturePad = useRef<SignaturePadHandle | null>(null);
  const initialsPad = useRef<SignaturePadHandle | null>(null);
  const { signature, initials, needsInitials } = props;
  const ready = isDraftReady(signature) && (!needsInitials || isDraftReady(initials));

  async function confirm() {
    let payload: SignaturePayload;
    let initialsImage: string | undefined;
    try {
      const image = await toPng(signature, signaturePad.current);
      payload =
        signature.mode === "type"
          ? { kind: "typed", image, typedName: signature.typed.trim(), font: signature.font }
          : { kind: "drawn", image };
      initialsImage = needsInitials ? await toPng(initials, initialsPad.current) : undefined;
    } catch (error) {
      toast.error(t("errors.signing"));
      throw error;
    }
    // The page shows its own error toast when the call fails.
    await props.onSign(payload, initialsImage);
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={t("signature.title")}
        description={t("signature.description")}
        closeLabel={t("common:actions.close")}
        className="sm:max-w-xl"
      >
        <div className="flex flex-col gap-5">
          <SignatureInput
            kind="signature"
            draft={signature}
            onChange={props.onSignatureChange}
            padRef={signaturePad}
          />
          {needsInitials ? (
            <section className="flex flex-col gap-2">
              <h3 className="text-base font-semibold">{t("signature.initialsTitle")}</h3>
              <SignatureInput
                kind="initials"
                draft={initials}
                onChange={props.onInitialsChange}
                padRef={initialsPad}
              />
            </section>
          ) : null}
          <p className="text-xs text-ink-muted">{t("signature.consent")}</p>
          {ready ? null : (
            <p className="text-sm text-ink-muted" aria-live="polite">
              {isDraftReady(signature) ? t("signature.emptyInitials") : t("signature.empty")}
            </p>
          )}
          <SwipeToConfirm
            label={t("signature.swipe")}
            keyboardHint={t("signature.swipeHint")}
            confirmedLabel={t("signature.signing")}
            disabled={!ready}
            onConfirm={confirm}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
