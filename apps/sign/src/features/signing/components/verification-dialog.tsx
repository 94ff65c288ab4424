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
import { config } from "../../../lib/config";
import { passkeyErrorKey, verificationErrorKey } from "../lib/verification-error";

export interface VerificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: AccessLink;
  /** The recipient's address (shown partly hidden once the code is sent) and the sender's name. */
  email: string;
  /**
   * How the check goes: a code by mail to the address, by SMS to the phone the sender gave, or
   * signing in to the Paraphe account of the address (a passkey of it, or a code mailed to it).
   */
  channel?: "email" | "sms" | "account";
  senderName: string;
  /** The code was right: the signer may sign now (the time the server recorded). */
  onVerified: (verifiedAt: string) => void;
}

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Whether this browser can use passkeys at all. */
function browserSupportsPasskeys(): boolean {
  return typeof window.PublicKeyCredential === "function";
}

/**
 * The check before signing, when the sender asked for it: a 6-digit code mailed to the
 * recipient's address (a mail of its own, apart from the link) or sent by SMS to their phone (the
 * page then names the number by its last two digits only), typed here; or, for an `account`
 * check, signing in to the Paraphe account of their address with one of its passkeys (the
 * browser's own prompt) or a code mailed to that account. A signer without such an account is
 * told so, with a link to create it. The signer reads the document first; the check comes when
 * they go to sign.
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
  const [accountMissing, setAccountMissing] = useState(false);
  // The code sent can no longer pass (too many wrong tries, or expired): only a new one can.
  const [codeDead, setCodeDead] = useState(false);
  const sms = channel === "sms";
  const account = channel === "account";
  const refuse = (key: string) => {
    setAccountMissing(key === "verification.account.required");
    if (key === "verification.attempts" || key === "verification.expired") setCodeDead(true);
    setError(t(key as "verification.failed", { email }));
  };

  const send = useMutation({
    mutationFn: () => api.envelope.sendVerificationCode(link),
    onSuccess: (answer) => {
      setSentTo(answer.channel === "sms" ? (answer.phoneEnding ?? "") : answer.maskedEmail);
      setCode("");
      setError(null);
      setCodeDead(false);
    },
    onError: (failure) => refuse(verificationErrorKey(failure, channel)),
  });
  const check = useMutation({
    mutationFn: (typed: string) => api.envelope.checkVerificationCode({ ...link, code: typed }),
    onSuccess: (answer) => onVerified(answer.verifiedAt),
    onError: (failure) => refuse(verificationErrorKey(failure, channel)),
  });
  // A passkey of the account: the api's options, the browser's prompt (its code loaded only now),
  // then the api's check of the answer.
  const passkey = useMutation({
    mutationFn: async () => {
      const asked = await api.envelope.signerPasskeyOptions(link);
      const { passkeyAssertion } = await import("../../../lib/passkey-assertion");
      const response = await passkeyAssertion(asked.options);
      return api.envelope.checkSignerPasskey({ ...link, challengeId: asked.challengeId, response });
    },
    onMutate: () => setError(null),
    onSuccess: (answer) => onVerified(answer.verifiedAt),
    onError: (failure) => refuse(passkeyErrorKey(failure)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (codeDead) return;
    const typed = code.replace(/\s/g, "");
    if (!CODE_PATTERN.test(typed)) return setError(t("verification.invalid"));
    setError(null);
    check.mutate(typed);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(
          sms
            ? "verification.sms.title"
            : account
              ? "verification.account.title"
              : "verification.title",
        )}
        description={
          sms
            ? t("verification.sms.description", { sender: senderName })
            : t(account ? "verification.account.description" : "verification.description", {
                sender: senderName,
                email,
              })
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
            {accountMissing ? (
              <a
                href={`${config.webUrl}#email=${encodeURIComponent(email)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-control text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {t("verification.account.createAccount")}{" "}
                <span className="text-ink-muted">
                  {t("verification.account.createAccountHint")}
                </span>
              </a>
            ) : null}
            {/* Three choices for an account do not fit side by side: stacked at every width. */}
            <DialogFooter className={account ? "sm:flex-col-reverse sm:[&>*]:w-full" : undefined}>
              <DialogClose asChild>
                <Button variant="secondary">{t("common:actions.cancel")}</Button>
              </DialogClose>
              {account && browserSupportsPasskeys() ? (
                <Button
                  variant="secondary"
                  loading={passkey.isPending}
                  disabled={send.isPending}
                  onClick={() => passkey.mutate()}
                >
                  {passkey.isPending
                    ? t("verification.account.passkeyPending")
                    : t("verification.account.passkey")}
                </Button>
              ) : null}
              <Button
                loading={send.isPending}
                disabled={passkey.isPending}
                onClick={() => send.mutate()}
              >
                {send.isPending
                  ? t("verification.sending")
                  : t(account ? "verification.account.sendCode" : "verification.send")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <p className="text-sm" role="status">
              {sms
                ? t("verification.sms.sent", { ending: sentTo })
                : t(account ? "verification.account.sent" : "verification.sent", { email: sentTo })}
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
                  // A dead code's message stays until a new code is asked for.
                  if (error && !codeDead) setError(null);
                }}
              />
            </FormField>
            {/* Once the code is dead, asking for a new one is the way on: it leads, and Confirm waits. */}
            <DialogFooter>
              <Button
                variant={codeDead ? "primary" : "secondary"}
                loading={send.isPending}
                onClick={() => send.mutate()}
              >
                {t("verification.resend")}
              </Button>
              <Button
                type="submit"
                variant={codeDead ? "secondary" : "primary"}
                loading={check.isPending}
                disabled={codeDead}
              >
                {check.isPending ? t("verification.confirming") : t("verification.confirm")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
