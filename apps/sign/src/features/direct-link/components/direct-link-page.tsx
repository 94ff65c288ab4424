import { VERIFICATION_CODE_LENGTH } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input } from "@paraphe/ui-kit";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { embedding, postEmbedEvent } from "../../../domain/embed";
import { useApi } from "../../../lib/api";
import { useProvideBranding } from "../../../lib/branding";
import { directLinkErrorKey } from "../lib/direct-link-error";

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface DirectLinkPageProps {
  token: string;
  /** The visitor's envelope is made: its signing page, with its access link (`/sign/...#...`). */
  onReady: (signingPath: string) => void;
}

interface Visitor {
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * `/d/<token>`: a template's direct link. The visitor sees the template's title and the team's
 * name, gives their name and email, types the code mailed there, and goes on to the signing page
 * of an envelope of their own.
 */
export function DirectLinkPage({ token, onReady }: DirectLinkPageProps) {
  const { t } = useTranslation(["sign", "common"]);
  const api = useApi();
  const opened = useQuery({
    queryKey: ["directLink", "open", token],
    queryFn: () => api.directLink.open({ token }),
    retry: false,
  });
  // The team's look in the layout, as on the signing page the visitor goes on to.
  useProvideBranding(opened.data === undefined ? undefined : (opened.data.branding ?? null));
  // An embedding site may give the visitor's name and email, and lock them.
  const given = embedding().options;
  const [visitor, setVisitor] = useState<Visitor>({
    firstname: given.firstname ?? "",
    lastname: given.lastname ?? "",
    email: given.email ?? "",
  });
  const locked = (name: keyof Visitor) => given.lock && given[name] !== null;
  const [problems, setProblems] = useState<Partial<Record<keyof Visitor, string>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (who: Visitor) => api.directLink.sendCode({ token, ...who }),
    onSuccess: (_answer, who) => {
      setSentTo(who.email);
      setCode("");
      setError(null);
    },
    onError: (failure) => setError(t(directLinkErrorKey(failure))),
  });
  const confirm = useMutation({
    mutationFn: (typed: string) =>
      api.directLink.confirm({ token, email: sentTo ?? "", code: typed }),
    onSuccess: (link) =>
      onReady(
        `/sign/${encodeURIComponent(link.envelopeUuid)}#token=${encodeURIComponent(link.token)}&secret=${encodeURIComponent(link.secretKey)}`,
      ),
    onError: (failure) => setError(t(directLinkErrorKey(failure))),
  });

  const title = opened.data?.templateTitle;
  useEffect(() => {
    if (title !== undefined) postEmbedEvent({ type: "ready", payload: { kind: "direct", title } });
  }, [title]);
  const failed = opened.isError ? directLinkErrorKey(opened.error) : null;
  useEffect(() => {
    if (failed !== null) {
      postEmbedEvent({
        type: "error",
        payload: { code: failed.replace("directLink.errors.", "") },
      });
    }
  }, [failed]);

  if (opened.isPending) {
    return (
      <p role="status" className="p-6 text-sm">
        {t("directLink.loading")}
      </p>
    );
  }
  if (opened.isError) {
    return (
      <section className="mx-auto flex max-w-md flex-col gap-3 p-6">
        <h1 className="text-xl font-semibold">{t("directLink.unavailable")}</h1>
        <p role="alert" className="text-sm">
          {t(directLinkErrorKey(opened.error))}
        </p>
      </section>
    );
  }

  function requestCode(event: FormEvent) {
    event.preventDefault();
    const who = {
      firstname: visitor.firstname.trim(),
      lastname: visitor.lastname.trim(),
      email: visitor.email.trim().toLowerCase(),
    };
    const found: Partial<Record<keyof Visitor, string>> = {};
    if (!who.firstname) found.firstname = t("directLink.required");
    if (!who.lastname) found.lastname = t("directLink.required");
    if (!EMAIL_PATTERN.test(who.email)) found.email = t("directLink.invalidEmail");
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(who);
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!CODE_PATTERN.test(typed)) return setError(t("verification.invalid"));
    setError(null);
    confirm.mutate(typed);
  }

  const field = (name: keyof Visitor, autoComplete: string, type = "text") => (
    <FormField label={t(`directLink.${name}`)} error={problems[name] ?? null} required>
      <Input
        type={type}
        autoComplete={autoComplete}
        readOnly={locked(name)}
        value={visitor[name]}
        onChange={(event) => {
          setVisitor({ ...visitor, [name]: event.target.value });
          if (problems[name]) setProblems({ ...problems, [name]: undefined });
        }}
      />
    </FormField>
  );

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold">
        {t("directLink.title", { team: opened.data.teamName })}
      </h1>
      <p className="text-sm">{t("directLink.document", { title: opened.data.templateTitle })}</p>
      {sentTo === null ? (
        <form noValidate onSubmit={requestCode} className="flex flex-col gap-3">
          <p className="text-sm">{t("directLink.intro")}</p>
          {field("firstname", "given-name")}
          {field("lastname", "family-name")}
          {field("email", "email", "email")}
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={send.isPending}>
            {send.isPending ? t("directLink.sending") : t("directLink.send")}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="flex flex-col gap-3">
          <p className="text-sm" role="status">
            {t("directLink.sent", { email: sentTo })}
          </p>
          <FormField label={t("directLink.code")} error={error} required>
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
          <Button type="submit" loading={confirm.isPending}>
            {confirm.isPending ? t("directLink.confirming") : t("directLink.confirm")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
          >
            {t("directLink.changeEmail")}
          </Button>
        </form>
      )}
    </section>
  );
}
