/*
 * Mail domains where anyone can open an address: no team can prove it owns the people at them, so
 * none may claim them for single sign-on (`isPublicMailDomain`). Kept by hand; add a provider when
 * one is missing. Families whose domain changes with the country (`yahoo.fr`, `yahoo.co.uk`,
 * `gmx.de`) are matched on their first label followed by a country or generic suffix.
 */

/** Exact public mail domains (and their subdomains). */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "passport.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "protonmail.ch",
  "pm.me",
  "tutanota.com",
  "tutanota.de",
  "tuta.io",
  "tutamail.com",
  "aol.com",
  "aim.com",
  "mail.com",
  "email.com",
  "usa.com",
  "gmx.com",
  "gmx.net",
  "web.de",
  "t-online.de",
  "freenet.de",
  "yandex.com",
  "yandex.ru",
  "ya.ru",
  "mail.ru",
  "bk.ru",
  "inbox.ru",
  "list.ru",
  "rambler.ru",
  "zoho.com",
  "zohomail.com",
  "fastmail.com",
  "fastmail.fm",
  "hey.com",
  "mailbox.org",
  "posteo.de",
  "posteo.net",
  "disroot.org",
  "riseup.net",
  "qq.com",
  "163.com",
  "126.com",
  "yeah.net",
  "sina.com",
  "naver.com",
  "daum.net",
  "hanmail.net",
  "rediffmail.com",
  "free.fr",
  "orange.fr",
  "wanadoo.fr",
  "laposte.net",
  "sfr.fr",
  "neuf.fr",
  "bbox.fr",
  "numericable.fr",
  "club-internet.fr",
  "aliceadsl.fr",
  "libertysurf.fr",
  "skynet.be",
  "telenet.be",
  "bluewin.ch",
  "libero.it",
  "virgilio.it",
  "tiscali.it",
  "alice.it",
  "btinternet.com",
  "sky.com",
  "virginmedia.com",
  "ntlworld.com",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "bellsouth.net",
  "cox.net",
  "charter.net",
  "earthlink.net",
  "shaw.ca",
  "rogers.com",
  "sympatico.ca",
  "bigpond.com",
  "optusnet.com.au",
  "seznam.cz",
  "wp.pl",
  "o2.pl",
  "interia.pl",
  "onet.pl",
  "abv.bg",
  "terra.com.br",
  "uol.com.br",
  "bol.com.br",
  "ig.com.br",
  "duck.com",
  "guerrillamail.com",
  "mailinator.com",
  "yopmail.com",
  "yopmail.fr",
]);

/** Providers present under many country domains: `<label>.<tld>` or `<label>.<sld>.<tld>`. */
const PUBLIC_MAIL_FAMILIES: ReadonlySet<string> = new Set([
  "gmail",
  "googlemail",
  "yahoo",
  "ymail",
  "rocketmail",
  "hotmail",
  "outlook",
  "live",
  "msn",
  "windowslive",
  "aol",
  "gmx",
  "yandex",
  "icloud",
  "protonmail",
  "zoho",
]);

/**
 * Whether `domain` (lower case) is a public mail domain or one of its subdomains: anyone may have
 * an address there, so no team may claim it.
 */
export function isPublicMailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".");
  for (let start = 0; start < labels.length - 1; start += 1) {
    const suffix = labels.slice(start);
    if (PUBLIC_MAIL_DOMAINS.has(suffix.join("."))) return true;
    // `yahoo.fr`, `yahoo.co.uk`, `hotmail.com.br`: a family label followed by one or two short
    // labels (a country or generic suffix).
    const [first, ...rest] = suffix;
    if (
      first !== undefined &&
      PUBLIC_MAIL_FAMILIES.has(first) &&
      rest.length >= 1 &&
      rest.length <= 2 &&
      rest.every((label) => label.length <= 4)
    ) {
      return true;
    }
  }
  return false;
}
