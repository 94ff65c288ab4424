import { type i18n as I18n } from "i18next";
import { type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";

export interface I18nProviderProps {
  /** The instance from createBrowserI18n(). */
  i18n: I18n;
  children?: ReactNode;
}

/** Gives the components below it the app's i18next instance (useTranslation, useLanguage, Trans). */
export function I18nProvider({ i18n, children }: I18nProviderProps) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
