/**
 * What an embedding page may set for the signing page it frames. Everything travels in the frame
 * address's fragment, which the browser never sends to a server; the signing page reads it once
 * and removes it from the address.
 */
export interface SigningOptions {
  /**
   * The signer's link as Paraphe mailed or gave it: an access link
   * (`https://sign.example/sign/<envelope>#token=...&secret=...`) or a template's direct link
   * (`https://sign.example/d/<token>`).
   */
  url: string;
  /** The page's language; the signer's browser language when absent. */
  language?: SigningLanguage | undefined;
  /** A direct link's visitor: their name and email, to prefill (and, with `lock`, not to change). */
  signer?: SignerPrefill | undefined;
  /** Whether the signer may decline (default true). An approver can always reject. */
  allowDecline?: boolean | undefined;
  /** A few theme variables of the signing page. */
  theme?: SigningTheme | undefined;
}

export type SigningLanguage = "en" | "fr";

export interface SignerPrefill {
  firstname?: string | undefined;
  lastname?: string | undefined;
  email?: string | undefined;
  /** The prefilled fields are read-only. */
  lock?: boolean | undefined;
}

/** Colours as `#rrggbb`; `radius` in `px` or `rem`; `font` a font family installed on the device. */
export interface SigningTheme {
  /** Buttons, links, focus rings. */
  primary?: string | undefined;
  /** The page behind the document. */
  background?: string | undefined;
  /** Cards and dialogs. */
  surface?: string | undefined;
  text?: string | undefined;
  radius?: string | undefined;
  font?: string | undefined;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
const LENGTH = /^\d{1,2}(?:\.\d{1,3})?(?:px|rem)$/;
const FONT = /^[A-Za-z0-9 _-]{1,60}$/;
const THEME_RULES: Readonly<Record<keyof SigningTheme, RegExp>> = {
  primary: COLOR,
  background: COLOR,
  surface: COLOR,
  text: COLOR,
  radius: LENGTH,
  font: FONT,
};

/** The frame's address and the signing site's origin, where events must come from. */
export interface SigningFrameAddress {
  src: string;
  origin: string;
}

/**
 * The address of the embedded signing page for `options`: the link's page under `/embed/` (which
 * the signing site answers with the `frame-ancestors` the team allows), with the options and the
 * embedding page's origin (`embeddingOrigin`, where the page posts its events) in the fragment.
 * Throws a TypeError for a link that is neither an access link nor a direct link, or an invalid
 * theme value.
 */
export function signingFrameAddress(
  options: SigningOptions,
  embeddingOrigin: string,
): SigningFrameAddress {
  let link: URL;
  try {
    link = new URL(options.url);
  } catch {
    throw new TypeError(`Not a Paraphe signing link: ${options.url}`);
  }
  const page = /^\/(sign\/[^/]+|d\/[A-Za-z0-9_-]{32})\/?$/.exec(link.pathname)?.[1];
  if ((link.protocol !== "https:" && link.protocol !== "http:") || page === undefined) {
    throw new TypeError(`Not a Paraphe access link or direct link: ${link.origin}${link.pathname}`);
  }
  const fragment = new URLSearchParams(link.hash.replace(/^#/, ""));
  if (page.startsWith("sign/") && (!fragment.get("token") || !fragment.get("secret"))) {
    throw new TypeError("The access link has no token and secret in its fragment.");
  }
  fragment.set("origin", embeddingOrigin);
  if (options.language !== undefined) fragment.set("lng", options.language);
  const signer = options.signer;
  if (signer?.firstname) fragment.set("firstname", signer.firstname);
  if (signer?.lastname) fragment.set("lastname", signer.lastname);
  if (signer?.email) fragment.set("email", signer.email);
  if (signer?.lock) fragment.set("lock", "1");
  if (options.allowDecline === false) fragment.set("decline", "0");
  for (const [name, value] of Object.entries(options.theme ?? {})) {
    if (value === undefined) continue;
    const rule = THEME_RULES[name as keyof SigningTheme] as RegExp | undefined;
    if (rule === undefined || !rule.test(value)) {
      throw new TypeError(`Invalid theme value for ${name}: ${value}`);
    }
    fragment.set(name, value);
  }
  return {
    src: `${link.origin}/embed/${page}#${fragment.toString()}`,
    origin: link.origin,
  };
}
