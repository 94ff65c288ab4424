import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Keeps `document.title` as "<title> · Paraphe" (or "Paraphe" without a title), in the current language. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation("common");
  const full = title ? t("documentTitle", { title }) : t("appName");
  useEffect(() => {
    document.title = full;
  }, [full]);
}
