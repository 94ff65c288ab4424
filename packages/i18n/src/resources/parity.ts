/**
 * Compares two languages' resources: same namespaces, same keys, the plural forms each language
 * needs (CLDR categories from Intl.PluralRules), the same {{placeholders}}, no empty text.
 * Used by the parity test; not part of the public API.
 */

type Tree = Readonly<Record<string, unknown>>;

export interface LanguageResources {
  language: string;
  resources: Tree;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

function isTree(value: unknown): value is Tree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every leaf of a resource tree, keyed by its dotted path. */
export function flattenResources(tree: Tree, prefix = ""): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) {
      for (const [leafPath, leaf] of flattenResources(value, path)) leaves.set(leafPath, leaf);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

interface Grouped {
  /** Keys that are not plural forms, with their value. */
  plain: Map<string, unknown>;
  /** Plural base key -> its forms (category -> value). */
  plurals: Map<string, Map<string, unknown>>;
}

/** A key is a plural form when it ends in _<category> and its group has an `_other` form. */
function group(leaves: Map<string, unknown>): Grouped {
  const candidates = new Map<string, Map<string, unknown>>();
  for (const [key, value] of leaves) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match?.[1]) continue;
    const base = key.slice(0, match.index);
    const forms = candidates.get(base) ?? new Map<string, unknown>();
    forms.set(match[1], value);
    candidates.set(base, forms);
  }
  const plurals = new Map([...candidates].filter(([, forms]) => forms.has("other")));
  const plain = new Map(
    [...leaves].filter(([key]) => {
      const match = PLURAL_SUFFIX.exec(key);
      return !(match && plurals.has(key.slice(0, match.index)));
    }),
  );
  return { plain, plurals };
}

function placeholders(values: Iterable<unknown>): string {
  const names = new Set<string>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    for (const match of value.matchAll(PLACEHOLDER)) if (match[1]) names.add(match[1]);
  }
  return [...names].sort().join(", ");
}

function pluralCategories(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

function difference<T>(a: Iterable<T>, b: { has(value: T): boolean }): T[] {
  return [...a].filter((value) => !b.has(value));
}

/** Problems found, as readable lines; an empty list means the two languages match. */
export function findTranslationProblems(
  reference: LanguageResources,
  other: LanguageResources,
): string[] {
  const problems: string[] = [];
  const ref = reference.language;
  const oth = other.language;
  const namespaces = new Set([
    ...Object.keys(reference.resources),
    ...Object.keys(other.resources),
  ]);

  for (const namespace of [...namespaces].sort()) {
    const refTree = reference.resources[namespace];
    const othTree = other.resources[namespace];
    if (!isTree(refTree)) {
      problems.push(`${ref}: namespace "${namespace}" is missing (it exists in ${oth})`);
      continue;
    }
    if (!isTree(othTree)) {
      problems.push(`${oth}: namespace "${namespace}" is missing (it exists in ${ref})`);
      continue;
    }
    const sides = [
      { language: ref, grouped: group(flattenResources(refTree)) },
      { language: oth, grouped: group(flattenResources(othTree)) },
    ] as const;

    for (const [side, opposite] of [sides, [sides[1], sides[0]] as const]) {
      for (const key of difference(side.grouped.plain.keys(), opposite.grouped.plain)) {
        problems.push(
          `${opposite.language}/${namespace}: key "${key}" is missing (it exists in ${side.language})`,
        );
      }
      for (const base of difference(side.grouped.plurals.keys(), opposite.grouped.plurals)) {
        problems.push(
          `${opposite.language}/${namespace}: plural key "${base}" is missing (it exists in ${side.language})`,
        );
      }
    }

    for (const { language, grouped } of sides) {
      const expected = pluralCategories(language).join(", ");
      for (const [base, forms] of grouped.plurals) {
        const actual = [...forms.keys()].sort().join(", ");
        if (actual !== expected) {
          problems.push(
            `${language}/${namespace}: plural key "${base}" has forms [${actual}], ${language} needs [${expected}]`,
          );
        }
      }
      const leaves = [
        ...grouped.plain,
        ...[...grouped.plurals].flatMap(([base, forms]) =>
          [...forms].map(([category, value]) => [`${base}_${category}`, value] as const),
        ),
      ];
      for (const [key, value] of leaves) {
        if (typeof value !== "string")
          problems.push(`${language}/${namespace}: "${key}" is not a text`);
        else if (value.trim() === "") problems.push(`${language}/${namespace}: "${key}" is empty`);
      }
    }

    const [refSide, othSide] = sides;
    for (const [key, value] of refSide.grouped.plain) {
      if (!othSide.grouped.plain.has(key)) continue;
      const a = placeholders([value]);
      const b = placeholders([othSide.grouped.plain.get(key)]);
      if (a !== b)
        problems.push(`${namespace}: "${key}" uses {{${a}}} in ${ref} but {{${b}}} in ${oth}`);
    }
    for (const [base, forms] of refSide.grouped.plurals) {
      const otherForms = othSide.grouped.plurals.get(base);
      if (!otherForms) continue;
      const a = placeholders(forms.values());
      const b = placeholders(otherForms.values());
      if (a !== b)
        problems.push(
          `${namespace}: plural "${base}" uses {{${a}}} in ${ref} but {{${b}}} in ${oth}`,
        );
    }
  }
  return problems;
}
