import { type Language } from "@paraphe/i18n";

export interface PublicSiteLinks {
  home: string;
  privacy: string;
  signatureLegality: string;
}

/** The public website's pages in a language: {base}/{lng}/, /{lng}/privacy, /{lng}/signature-legality. */
export function publicSiteLinks(baseUrl: string, language: Language): PublicSiteLinks {
  const root = `${baseUrl.replace(/\/+$/, "")}/${language}`;
  return {
    home: `${root}/`,
    privacy: `${root}/privacy`,
    signatureLegality: `${root}/signature-legality`,
  };
}
