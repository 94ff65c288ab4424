import { useTranslation } from "@paraphe/i18n/react";
import { useEffect } from "react";

/** Keeps `document.title` as "<title> · Paraphe" (or "Paraphe" without a title), in the current language. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const full = title ? t("documentTitle", { title }) : t("appName");
  useEffect(() => {
    document.title = full;
  }, [full]);
}
