import {
  type DirectLink,
  type DirectLinkPerson,
  type TemplateDetail,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Select,
} from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { useState, type FormEvent } from "react";
import { useErrorText } from "../../../../lib/api/error-text";
import { config } from "../../../../lib/config";
import { useDirectLink, useDirectLinkChange } from "../../api/template-direct-link";

export interface DirectLinkDialogProps {
  template: TemplateDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The address of a direct link on the signing site. */
export function directLinkUrl(token: string, signUrl: string = config.signUrl): string {
  return `${signUrl}/d/${token}`;
}

type Person = Omit<DirectLinkPerson, "roleUuid">;
const EMPTY: Person = { email: "", firstname: "", lastname: "" };

/**
 * A template's direct link (`/d/<token>` on the signing site): the signer role a visitor takes,
 * the people of the other roles, an optional maximum of uses and the uses per hour; turned on,
 * changed, replaced by a new address (the old one stops) or off. The address shows once, when it
 * is made: only its hash is kept.
 */
export function DirectLinkDialog({ template, open, onOpenChange }: DirectLinkDialogProps) {
  const { t } = useTranslation(["web", "common"]);
  const current = useDirectLink(template.uuid, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("web:templates.directLink.title")}
        description={t("web:templates.directLink.description")}
        closeLabel={t("common:actions.close")}
      >
        {current.isPending ? (
          <p role="status" className="text-sm">
            {t("web:templates.directLink.loading")}
          </p>
        ) : current.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t("web:templates.directLink.loadError")}
          </p>
        ) : (
          <DirectLinkForm template={template} link={current.data.link} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DirectLinkForm({ template, link }: { template: TemplateDetail; link: DirectLink | null }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const { save, rotate, disable } = useDirectLinkChange(template.uuid);
  const signerRoles = template.roles.filter((role) => role.kind === "signer");
  const [roleUuid, setRoleUuid] = useState<string>(link?.roleUuid ?? signerRoles[0]?.uuid ?? "");
  const [people, setPeople] = useState<Record<string, Person>>(() =>
    Object.fromEntries((link?.others ?? []).map(({ roleUuid: role, ...person }) => [role, person])),
  );
  const [maxUses, setMaxUses] = useState(link?.maxUses?.toString() ?? "");
  const [usesPerHour, setUsesPerHour] = useState(link?.usesPerHour.toString() ?? "20");
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const others = template.roles.filter((role) => role.uuid !== roleUuid);
  const personOf = (uuid: string): Person =>
    people[uuid] ?? link?.others.find((person) => person.roleUuid === uuid) ?? EMPTY;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        roleUuid,
        others: others.map((role) => ({ roleUuid: role.uuid, ...personOf(role.uuid) })),
        maxUses: maxUses.trim() === "" ? null : Number(maxUses),
        usesPerHour: Number(usesPerHour),
      },
      {
        onSuccess: (answer) => {
          if (answer.token !== undefined) setToken(answer.token);
          toast.success(t("web:templates.directLink.saved"));
        },
        onError: (failure) => setError(errorText.apiError(failure)),
      },
    );
  }

  return (
    <>
      <p role="status" className="text-sm">
        {link === null
          ? t("web:templates.directLink.off")
          : link.enabled
            ? t("web:templates.directLink.on", { count: link.uses })
            : t("web:templates.directLink.disabled")}
      </p>
      {token !== null ? (
        <FormField label={t("web:templates.directLink.address")}>
          <Input readOnly value={directLinkUrl(token)} onFocus={(e) => e.target.select()} />
        </FormField>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <FormField label={t("web:templates.directLink.role")} required>
          <Select
            value={roleUuid}
            options={signerRoles.map((role) => ({ value: role.uuid, label: role.label }))}
            onValueChange={setRoleUuid}
          />
        </FormField>
        {others.map((role) => (
          <fieldset key={role.uuid} className="flex flex-col gap-2 rounded-md border p-3">
            <legend className="text-sm font-medium">
              {t("web:templates.directLink.other", { role: role.label })}
            </legend>
            {(["firstname", "lastname", "email"] as const).map((name) => (
              <FormField key={name} label={t(`web:templates.directLink.${name}`)} required>
                <Input
                  type={name === "email" ? "email" : "text"}
                  value={personOf(role.uuid)[name]}
                  onChange={(event) =>
                    setPeople({
                      ...people,
                      [role.uuid]: { ...personOf(role.uuid), [name]: event.target.value },
                    })
                  }
                />
              </FormField>
            ))}
          </fieldset>
        ))}
        <FormField label={t("web:templates.directLink.maxUses")}>
          <Input
            type="number"
            min={1}
            inputMode="numeric"
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </FormField>
        <FormField label={t("web:templates.directLink.usesPerHour")} required>
          <Input
            type="number"
            min={1}
            inputMode="numeric"
            value={usesPerHour}
            onChange={(event) => setUsesPerHour(event.target.value)}
          />
        </FormField>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          {link?.enabled ? (
            <>
              <Button
                variant="secondary"
                loading={disable.isPending}
                onClick={() =>
                  disable.mutate(undefined, {
                    onSuccess: () => {
                      setToken(null);
                      toast.success(t("web:templates.directLink.turnedOff"));
                    },
                    onError: (failure) => setError(errorText.apiError(failure)),
                  })
                }
              >
                {t("web:templates.directLink.turnOff")}
              </Button>
              <Button
                variant="secondary"
                loading={rotate.isPending}
                onClick={() =>
                  rotate.mutate(undefined, {
                    onSuccess: (answer) => {
                      setToken(answer.token);
                      toast.success(t("web:templates.directLink.rotated"));
                    },
                    onError: (failure) => setError(errorText.apiError(failure)),
                  })
                }
              >
                {t("web:templates.directLink.rotate")}
              </Button>
            </>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {link?.enabled
              ? t("web:templates.directLink.save")
              : t("web:templates.directLink.turnOn")}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
