import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  Card,
  cn,
  Dialog,
  DialogContent,
  EmptyState,
  Spinner,
} from "@paraphe/ui-kit";
import { Braces, ChevronDown, ShieldQuestionMark, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import {
  describeComponents,
  isWithoutHardwareIsolation,
  KNOWN_ATTESTATION_COMPONENTS,
  NO_HARDWARE_ISOLATION_PREFIX,
  type KnownAttestationComponent,
} from "../status/describe";
import type { AttestationResults, AttestationStatus } from "../status/schema";
import { KeyValueTree } from "./key-value-tree";
import { useStatusSummary } from "./status-summary";
import {
  COMPONENT_TEXT,
  ComponentStateIcon,
  StatusIcon,
  TONE_PANEL,
  TONE_TEXT,
} from "./status-visuals";
import { securityKey } from "./translation-keys";
import { useAttestation, type AttestationSource, type AttestationState } from "./use-attestation";

/** The component that only hardware can vouch for: without it, nothing is isolated (spec §3). */
const HARDWARE_COMPONENT_NAME: KnownAttestationComponent = "amd_sev_snp";

export interface SecurityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the newest attestation record comes from, e.g. `localStorageAttestationSource()`. */
  source: AttestationSource;
}

/**
 * The security dialog (spec §2): the overall status with its date, what the tunnel and attestation
 * mean, each component's state and the raw data. It loads when it opens and, while open, reloads
 * every 30 s while the page is visible.
 */
export function SecurityDialog({ open, onOpenChange, source }: SecurityDialogProps) {
  const { attestation } = useAttestation(source, { enabled: open });
  return <SecurityDialogView open={open} onOpenChange={onOpenChange} attestation={attestation} />;
}

export interface SecurityDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  attestation: AttestationState;
}

/** The dialog for an attestation state loaded elsewhere (the status button shares its own). */
export function SecurityDialogView({ open, onOpenChange, attestation }: SecurityDialogViewProps) {
  const { t } = useTranslation(["security", "common"]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("attestation.dialogTitle")}
        closeLabel={t("common:actions.close")}
        className="sm:max-w-2xl lg:max-w-4xl"
      >
        <SecurityDetails attestation={attestation} />
      </DialogContent>
    </Dialog>
  );
}

function SecurityDetails({ attestation }: { attestation: AttestationState }) {
  const { t } = useTranslation("security");
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {attestation.state === "loading" ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-card border border-border bg-surface-muted p-4 text-sm text-ink-muted"
        >
          <Spinner size={20} />
          <span>{t("attestation.loading")}</span>
        </div>
      ) : null}
      {attestation.state === "no-data" ? (
        <EmptyState
          icon={<ShieldQuestionMark />}
          title={t("attestation.noData")}
          description={t("attestation.noDataDescription")}
          className="py-8"
        />
      ) : null}
      {attestation.state === "ready" ? <StatusBanner attestation={attestation} /> : null}
      <Explanation />
      {attestation.state === "ready" ? (
        <>
          <ComponentGrid status={attestation.status} />
          <RawData status={attestation.status} results={attestation.results} />
        </>
      ) : null}
    </div>
  );
}

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(
    new Date(iso),
  );
}

type ReadyAttestation = Extract<AttestationState, { state: "ready" }>;

function StatusBanner({ attestation }: { attestation: ReadyAttestation }) {
  const { t, i18n } = useTranslation("security");
  const { status, date } = attestation;
  const summary = useStatusSummary(attestation);
  const language = i18n.resolvedLanguage ?? i18n.language;
  // Nothing but the hardware proves isolation: say so whenever it was checked and not verified.
  const hardwareNotVerified =
    status.status !== "None" && status.components[HARDWARE_COMPONENT_NAME] !== true;
  const noHardware = isWithoutHardwareIsolation(status);
  const reason = useReasonText(status.reason);
  return (
    <div className="flex flex-col gap-3">
      <section
        aria-label={summary.text}
        data-tone={summary.tone}
        className={cn("flex items-start gap-3 rounded-card border p-4", TONE_PANEL[summary.tone])}
      >
        <StatusIcon
          icon={summary.icon}
          className={cn("mt-0.5 size-7 shrink-0", TONE_TEXT[summary.tone])}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className={cn("text-base leading-6 font-semibold", TONE_TEXT[summary.tone])}>
            {summary.text}
          </p>
          {noHardware ? (
            <p className="text-sm text-ink">{t("attestation.noHardwareExplained")}</p>
          ) : null}
          {reason ? (
            <p className="text-sm break-words text-ink">{t("attestation.reason", { reason })}</p>
          ) : null}
          <p className="text-xs text-ink-muted">
            {t("attestation.lastUpdated", { date: formatDate(date, language) })}
          </p>
        </div>
      </section>
      {hardwareNotVerified && !noHardware ? (
        <p className="flex items-start gap-2 rounded-control border border-warning/30 bg-warning-soft p-3 text-sm text-ink">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("attestation.hardwareNotVerified")}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The status's reason in the reader's language: the server's "no hardware isolation: <detail>" is
 * translated (its known detail too); any other reason is the server's own words.
 */
function useReasonText(reason: string | undefined): string | undefined {
  const { t } = useTranslation("security");
  if (!reason) return undefined;
  if (!reason.startsWith(NO_HARDWARE_ISOLATION_PREFIX)) return reason;
  const detail = reason.slice(NO_HARDWARE_ISOLATION_PREFIX.length).replace(/^:\s*/, "").trim();
  if (detail === "" || detail === "development server") {
    return detail === ""
      ? t("attestation.reasons.noHardware")
      : t("attestation.reasons.noHardwareDevelopment");
  }
  return t("attestation.reasons.noHardwareDetail", { detail });
}

const KNOWN_NAMES: readonly string[] = KNOWN_ATTESTATION_COMPONENTS;

/** A component's name in the reader's language; an unknown one as the spec writes it. */
function useComponentName(): (name: string, displayName: string) => string {
  const { t } = useTranslation("security");
  return (name, displayName) =>
    KNOWN_NAMES.includes(name)
      ? t(`attestation.componentNames.${name as KnownAttestationComponent}`)
      : displayName;
}

const TERMS = ["tee", "enclave", "remoteAttestation"] as const;

function Explanation() {
  const { t } = useTranslation("security");
  const [advanced, setAdvanced] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {t("attestation.explanation.title")}
      </h3>
      <p className="text-sm text-ink-muted">{t("attestation.explanation.tunnel")}</p>
      <p className="text-sm text-ink-muted">{t("attestation.explanation.attestation")}</p>
      <div>
        <Button
          variant="link"
          size="sm"
          aria-expanded={advanced}
          aria-controls={detailsId}
          onClick={() => setAdvanced((value) => !value)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("transition-transform", advanced && "rotate-180")}
          />
          {advanced
            ? t("attestation.explanation.hideAdvanced")
            : t("attestation.explanation.showAdvanced")}
        </Button>
      </div>
      <dl id={detailsId} hidden={!advanced} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {TERMS.map((term) => (
          <div
            key={term}
            className="flex flex-col items-start gap-1.5 rounded-control border border-border bg-surface-muted p-3"
          >
            <dt>
              <Badge variant="brand">{t(`attestation.terms.${term}.label`)}</Badge>
            </dt>
            <dd className="text-sm text-ink-muted">{t(`attestation.terms.${term}.description`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ComponentGrid({ status }: { status: AttestationStatus }) {
  const { t } = useTranslation("security");
  const headingId = useId();
  const components = describeComponents(status);
  const componentName = useComponentName();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {t("attestation.components.title")}
      </h3>
      {components.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("attestation.components.empty")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {components.map((component) => (
            <li key={component.name} data-state={component.state}>
              <Card className="flex h-full flex-row flex-wrap items-center justify-between gap-x-3 gap-y-1.5 px-4 py-3 sm:flex-col sm:items-start sm:justify-start sm:p-4">
                <p className="text-sm font-medium break-words text-ink">
                  {componentName(component.name, component.displayName)}
                </p>
                <p
                  className={cn(
                    "flex items-center gap-1.5 text-sm font-medium",
                    COMPONENT_TEXT[component.state],
                  )}
                >
                  <ComponentStateIcon state={component.state} className="size-4 shrink-0" />
                  {t(securityKey(component.textKey))}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RawData({
  status,
  results,
}: {
  status: AttestationStatus;
  results: AttestationResults | null;
}) {
  const { t } = useTranslation("security");
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const data = useMemo(
    () => (results === null ? { status } : { status, results }),
    [status, results],
  );
  return (
    <section className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={() => setShown((value) => !value)}
        >
          <Braces aria-hidden="true" />
          {shown ? t("attestation.raw.hide") : t("attestation.raw.show")}
        </Button>
      </div>
      <div
        id={panelId}
        hidden={!shown}
        className="overflow-x-auto rounded-control border border-border bg-surface-muted p-3"
      >
        {shown ? <KeyValueTree data={data} label={t("attestation.raw.label")} /> : null}
      </div>
    </section>
  );
}
