/*
 * `@paraphe/i18n` has a single entry: importing its server `serverT` also type-checks its browser
 * set-up, which touches `document` behind a `typeof document` guard. The api compiles without the
 * DOM library, so this names the one global that code reads. Drop it once the package offers a
 * server-only entry.
 */
declare var document: { documentElement: { lang: string } };
