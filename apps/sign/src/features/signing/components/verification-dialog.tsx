import { VERIFICATION_CODE_LENGTH } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  DialogClose,
  DialogContent,
  DialogFooter,
  Dialog,
  FormField,
  Input,
} from "@paraphe/ui-kit";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useApi, type AccessLink } from "../../../lib/api";
import { verificationErrorKey } from "../lib/verification-error";

export interface VerificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: AccessLink;
  /** The recipient's address (shown partly hidden once the code is sent) and the sender's name. */
  email: string;
  /** How the code goes: by mail to the address, or by SMS to the phone the sender gave. */
  channel?: "email" | "sms";
  senderName: string;
  /** The code was right: the signer may sign now (the time the server recorded). */
  onVerified: (verifiedAt: string) => void;
}

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * The check before signing, when the sender asked for it: a 6-digit code mailed to the
 * recipient's address (a mail of its own, apart from the link) or sent by SMS to their phone (the
 * page then names the number by its last two digits only), typed here. The signer reads the
 * document first; the check comes when they go to sign.
 */
export function VerificationDialog({
  open,
  onOpenChange,
  link,
  email,
  channel = "email",
  senderName,
  onVerified,
}: VerificationDialogProps) {
  const { t } = useTranslation(["sign", "common"]);
  const api = useApi();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sms = channel === "sms";

  const send = useMutation({
    mutationFn: () => api.envelope.sendVerificationCode(link),
    onSuccess: (answer) => {
      setSentTo(answer.channel === "sms" ? (answer.phoneEnding ?? "") : answer.maskedEmail);
      setCode("");
      setError(null);
    },
    onError: (failure) => setError(t(verificationErrorKey(failure, channel))),
  });
  const check = useMutation({
    mutationFn: (typed: string) => api.envelope.checkVerificationCode({ ...link, code: typed }),
    onSuccess: (answer) => onVerified(answer.verifiedAt),
    onError: (failure) => setError(t(verificationErrorKey(failure, channel))),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!CODE_PATTERN.test(typed)) return setError(t("verification.invalid"));
    setError(null);
    check.mutate(typed);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(sms ? "verification.sms.title" : "verification.title")}
        description={
          sms
            ? t("verification.sms.description", { sender: senderName })
            : t("verification.description", { sender: senderName, email })
        }
        closeLabel={t("common:actions.close")}
      >
        {sentTo === null ? (
          <div className="flex flex-col gap-3">
            {error ? (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">{t("common:actions.cancel")}</Button>
              </DialogClose>
              <Button loading={send.isPending} onClick={() => send.mutate()}>
                {send.isPending ? t("verification.sending") : t("verification.send")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <p className="text-sm" role="status">
              {sms
                ? t("verification.sms.sent", { ending: sentTo })
                : t("verification.sent", { email: sentTo })}
            </p>
            <FormField
              label={t(sms ? "verification.sms.code" : "verification.code")}
              error={error}
              required
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH + 2}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  if (error) setError(null);
                }}
              />
            </FormField>
            <DialogFooter>
              <Button variant="secondary" loading={send.isPending} onClick={() => send.mutate()}>
                {t("verification.resend")}
              </Button>
              <Button type="submit" loading={check.isPending}>
                {check.isPending ? t("verification.confirming") : t("verification.confirm")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
