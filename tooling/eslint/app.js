import base from "./base.js";

// The base's restricted syntax (export * barrels, focused tests): a rule's options are replaced,
// not merged, by a later config, so the app piece repeats them before its own.
const baseRestrictedSyntax = base
  .flatMap((config) => config.rules?.["no-restricted-syntax"] ?? [])
  .filter((entry) => typeof entry === "object");

/**
 * Rules for the apps' screens: form controls come from @paraphe/ui-kit (Select, Checkbox,
 * RadioGroup), which are styled, labelled and keyboard-accessible the same way everywhere.
 */
export default [
  {
    files: ["src/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...baseRestrictedSyntax,
        {
          selector: "JSXOpeningElement[name.name='select']",
          message: "Use the ui-kit Select instead of a native <select>.",
        },
        {
          selector:
            "JSXOpeningElement[name.name='input']:has(JSXAttribute[name.name='type'][value.value=/^(checkbox|radio)$/])",
          message: "Use the ui-kit Checkbox or RadioGroup instead of a native checkbox or radio.",
        },
      ],
    },
  },
];
