import { FIELD_VALUE_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  RadioGroup,
  Select,
} from "@paraphe/ui-kit";
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { type SignerField } from "../../../lib/api";
import { TOUCH_AREA } from "./touch-area";

/** Shrinks `element`'s text until it fits its box (width and height), as the box resizes. */
function useFitText(element: RefObject<HTMLElement | null>, text: string) {
  useLayoutEffect(() => {
    const node = element.current;
    const box = node?.parentElement;
    if (!node || !box) return;
    const fit = () => {
      node.style.fontSize = "";
      const base = Number.parseFloat(getComputedStyle(node).fontSize) || 16;
      const byHeight = box.clientHeight > 0 ? box.clientHeight * 0.8 : base;
      const needed = node.scrollWidth;
      const byWidth = needed > node.clientWidth ? (base * node.clientWidth) / needed : base;
      const size = Math.min(base, byHeight, byWidth);
      if (size < base) node.style.fontSize = `${Math.max(size * 0.97, 1).toFixed(2)}px`;
    };
    fit();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [element, text]);
}

interface InputFieldProps {
  field: SignerField;
  name: string;
  value: string;
  /** Why the value is refused, shown under the input; null when it suits the field. */
  problem: string | null;
  missing: boolean;
  frame: string;
  style: CSSProperties;
  text: string;
  requiredDot: ReactNode;
  onChange: (fieldUuid: string, value: string) => void;
  /** Tapped before this code was there: the sheet opens at once. */
  openAtStart?: boolean;
}

/**
 * A field the signer fills: on the page, its whole value in the field's box and a tap area of at
 * least 44 px; tapped, a sheet (at the bottom of a phone's screen) with the field's label and a
 * full-width control (a text, date, numeric or telephone input, a list for a dropdown, a group of
 * radio buttons for a radio group), changes applied as they are made, and what is wrong with the
 * value under it.
 */
export function InputField({
  field,
  name,
  value,
  problem,
  missing,
  frame,
  style,
  text,
  requiredDot,
  onChange,
  openAtStart = false,
}: InputFieldProps) {
  const { t } = useTranslation(["sign", "common"]);
  const { language } = useLanguage();
  const [open, setOpen] = useState(openAtStart);
  const valueRef = useRef<HTMLSpanElement>(null);
  const valueId = useId();
  const isDate = field.kind === "date";
  const shown = isDate && value ? formatDate(value, language) : value;
  const invalid = missing || problem !== null;
  useFitText(valueRef, shown);
  const atLimit = !isDate && value.length >= FIELD_VALUE_MAX_LENGTH;

  function done(event: FormEvent) {
    event.preventDefault();
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className={cn(
          frame,
          TOUCH_AREA,
          "cursor-text px-[2px] text-left hover:bg-brand-100/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        )}
        style={style}
        data-field-kind={field.kind}
        data-missing={missing || undefined}
        aria-invalid={invalid || undefined}
        aria-label={name}
        aria-describedby={shown ? valueId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span
          ref={valueRef}
          id={valueId}
          data-field-value=""
          className={cn(
            "block w-full overflow-hidden leading-none whitespace-nowrap text-ink",
            text,
          )}
        >
          {field.kind === "radio" && shown ? <span aria-hidden="true">◉ </span> : null}
          {shown}
        </span>
        {requiredDot}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={name}
          closeLabel={t("common:actions.close")}
          className="max-sm:top-auto max-sm:bottom-0 max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none"
        >
          <form noValidate onSubmit={done} className="flex flex-col">
            {field.kind === "radio" ? (
              <RadioChoices
                field={field}
                value={value}
                problem={problem}
                missing={missing}
                onChange={onChange}
              />
            ) : (
              <FormField
                label={field.label || t(`fields.${field.kind}`)}
                description={
                  atLimit
                    ? t("fields.atLimit", { max: FIELD_VALUE_MAX_LENGTH })
                    : field.kind === "phone"
                      ? t("fields.phoneHint")
                      : undefined
                }
                error={problem ?? undefined}
                required={field.required}
              >
                {field.kind === "dropdown" ? (
                  <Select
                    value={value}
                    autoFocus
                    aria-invalid={invalid || undefined}
                    placeholder={t("fields.chooseOption")}
                    className="h-12"
                    onValueChange={(chosen) => onChange(field.uuid, chosen)}
                    options={(field.settings.options ?? []).map((option) => ({
                      value: option,
                      label: option,
                    }))}
                  />
                ) : (
                  <Input
                    type={isDate ? "date" : field.kind === "phone" ? "tel" : "text"}
                    inputMode={field.kind === "number" ? "decimal" : undefined}
                    autoComplete={field.kind === "phone" ? "tel" : undefined}
                    value={value}
                    autoFocus
                    enterKeyHint="done"
                    maxLength={isDate ? undefined : FIELD_VALUE_MAX_LENGTH}
                    aria-invalid={invalid || undefined}
                    className="h-12 w-full text-base"
                    onChange={(event) => onChange(field.uuid, event.target.value)}
                  />
                )}
              </FormField>
            )}
            <DialogFooter>
              <Button type="submit" size="lg">
                {t("fields.done")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A radio group's options as a group of radio buttons named by the field. */
function RadioChoices({
  field,
  value,
  problem,
  missing,
  onChange,
}: {
  field: SignerField;
  value: string;
  problem: string | null;
  missing: boolean;
  onChange: (fieldUuid: string, value: string) => void;
}) {
  const { t } = useTranslation("sign");
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p id={labelId} className="text-sm font-medium text-ink">
        {field.label || t("fields.radio")}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </p>
      <RadioGroup
        aria-labelledby={labelId}
        aria-required={field.required || undefined}
        aria-invalid={missing || problem !== null || undefined}
        aria-describedby={problem ? errorId : undefined}
        value={value}
        onValueChange={(chosen) => onChange(field.uuid, chosen)}
        optionClassName="min-h-11 items-center text-base"
        options={(field.settings.options ?? []).map((option) => ({
          value: option,
          label: option,
        }))}
      />
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A date input's value (yyyy-mm-dd) in the page's language; anything else as it is. */
function formatDate(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date);
}
