import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  RadioGroup,
} from "@paraphe/ui-kit";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { listenQesCallback } from "../../../domain/qes-callback";
import { useApi, type AccessLink } from "../../../lib/api";
import { needsNewAuthorization, qualifiedErrorKey } from "../lib/qualified-error";

/** What the signing call needs at QES (the api passes the PIN to the provider and keeps none). */
export interface QualifiedSignature {
  session: string;
  credentialId: string;
  pin: string;
}

export interface QualifiedSignatureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: AccessLink;
  senderName: string;
  /** Signs with the credential and PIN chosen; a rejection is shown here, and changes nothing. */
  onSign: (qualified: QualifiedSignature) => Promise<unknown>;
  /** Opens the provider's page (a window of its own); `window.open` by default (tests). */
  openWindow?: () => Window | null;
}

type Credentials = Awaited<ReturnType<ReturnType<typeof useApi>["envelope"]["qesCredentials"]>>;

const WINDOW_NAME = "paraphe-qes";
const WINDOW_FEATURES = "popup,width=520,height=720";

/**
 * The qualified signature's step, once the signer read, filled and drew their signature: "Sign with
 * your qualified certificate" opens the provider's sign-in page (OAuth 2.0 code flow, its state and
 * PKCE verifier kept by the api) in a window of its own, so that this page keeps what the signer
 * did; back from it (`/qes/callback` hands the code over), the signer's certificates are listed,
 * they pick one when they have several and type its PIN, and the page signs. The provider's
 * refusals (wrong PIN, locked certificate, expired sign-in) are said here; the signer may try
 * again. The session the api gives lives only in this component's memory.
 */
export function QualifiedSignatureDialog({
  open,
  onOpenChange,
  link,
  senderName,
  onSign,
  openWindow = () => window.open("about:blank", WINDOW_NAME, WINDOW_FEATURES),
}: QualifiedSignatureDialogProps) {
  const { t } = useTranslation(["sign", "common"]);
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [listed, setListed] = useState<Credentials | null>(null);
  const [credentialId, setCredentialId] = useState<string>("");
  const [pin, setPin] = useState("");
  const expectedState = useRef<string | null>(null);
  const providerWindow = useRef<Window | null>(null);
  const failed = (failure: unknown) => {
    const key = qualifiedErrorKey(failure) ?? "qualified.errors.failed";
    setError(t(key));
    return key;
  };

  const credentials = useMutation({
    mutationFn: (answer: { code: string; state: string }) =>
      api.envelope.qesCredentials({ ...link, ...answer }),
    onSuccess: (answer) => {
      setListed(answer);
      setCredentialId(answer.credentials.find((credential) => credential.usable)?.id ?? "");
      setError(null);
    },
    onError: failed,
  });
  // TanStack Query keeps `mutate` the same function across renders (the mutation object is not).
  const listCredentials = credentials.mutate;

  // The provider's answer arrives from its window, for the state this page started.
  useEffect(
    () =>
      listenQesCallback((callback) => {
        if (callback.state !== expectedState.current) return;
        expectedState.current = null;
        setWaiting(false);
        providerWindow.current?.close();
        if (callback.code === undefined) {
          setError(t("qualified.errors.denied"));
          return;
        }
        listCredentials({ code: callback.code, state: callback.state });
      }),
    [listCredentials, t],
  );

  const authorize = useMutation({
    mutationFn: () => api.envelope.qesAuthorize(link),
    onMutate: () => {
      setError(null);
      setListed(null);
      setPin("");
    },
    onSuccess: (answer) => {
      const target = providerWindow.current;
      if (target === null || target.closed) {
        setError(t("qualified.popupBlocked"));
        return;
      }
      expectedState.current = answer.state;
      target.location.href = answer.authorizationUrl;
      setWaiting(true);
    },
    onError: (failure) => {
      providerWindow.current?.close();
      failed(failure);
    },
  });

  const start = () => {
    // Opened now, within the click, so that the browser allows it; its address comes with the answer.
    const opened = openWindow();
    if (opened !== null) opened.opener = null;
    providerWindow.current = opened;
    if (opened === null) {
      setError(t("qualified.popupBlocked"));
      return;
    }
    authorize.mutate();
  };

  const sign = useMutation({
    mutationFn: () => {
      if (listed === null) throw new Error("not signed in at the provider");
      return onSign({ session: listed.session, credentialId, pin });
    },
    onMutate: () => setError(null),
    onError: (failure) => {
      const key = failed(failure);
      setPin("");
      if (needsNewAuthorization(key)) setListed(null);
    },
  });

  const usable = listed?.credentials.filter((credential) => credential.usable) ?? [];
  const chosen = usable.find((credential) => credential.id === credentialId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pin === "" || chosen === undefined || sign.isPending) return;
    sign.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("qualified.title")}
        description={t("qualified.description", { sender: senderName })}
        closeLabel={t("common:actions.close")}
      >
        {listed === null ? (
          <div className="flex flex-col gap-3">
            {error ? (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
            {waiting ? (
              <p role="status" className="text-sm">
                {t("qualified.waiting")}
              </p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">{t("common:actions.cancel")}</Button>
              </DialogClose>
              <Button loading={authorize.isPending || credentials.isPending} onClick={start}>
                {authorize.isPending
                  ? t("qualified.starting")
                  : waiting
                    ? t("qualified.reopen")
                    : t("qualified.start")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            {usable.length === 0 ? (
              <p role="alert" className="text-sm text-danger">
                {t("qualified.none")}
              </p>
            ) : usable.length === 1 && chosen !== undefined ? (
              <div className="flex flex-col gap-1 text-sm">
                <p className="font-medium">{chosen.description ?? chosen.subject}</p>
                <p className="text-ink-muted">
                  {t("qualified.issuedBy", { issuer: chosen.issuer })}
                </p>
              </div>
            ) : (
              <RadioGroup
                aria-label={t("qualified.credentials")}
                value={credentialId}
                onValueChange={setCredentialId}
                options={usable.map((credential) => ({
                  value: credential.id,
                  label: credential.description ?? credential.subject,
                  description: t("qualified.issuedBy", { issuer: credential.issuer }),
                }))}
              />
            )}
            {usable.length > 0 ? (
              <FormField
                label={
                  chosen?.pinLabel && chosen.pinLabel !== "PIN"
                    ? t("qualified.pinNamed", { label: chosen.pinLabel })
                    : t("qualified.pin")
                }
                error={error}
                required
              >
                <Input
                  type="password"
                  autoComplete="off"
                  maxLength={128}
                  value={pin}
                  onChange={(event) => {
                    setPin(event.target.value);
                    if (error) setError(null);
                  }}
                />
              </FormField>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">{t("common:actions.cancel")}</Button>
              </DialogClose>
              {usable.length > 0 ? (
                <Button type="submit" loading={sign.isPending} disabled={pin === ""}>
                  {sign.isPending ? t("qualified.signing") : t("qualified.sign")}
                </Button>
              ) : null}
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
