import { type Language } from "../languages";
import { type Namespace } from "./namespaces";
import { allTexts, type NamespaceResources } from "./texts";

export type { NamespaceResources } from "./texts";

/**
 * One namespace's texts in one language, downloaded on demand (a chunk of its own in a bundled
 * app). Rejects for a language or namespace Paraphe does not have.
 */
export function loadNamespace(
  language: Language,
  namespace: Namespace,
): Promise<NamespaceResources> {
  const texts = Object.hasOwn(allTexts, namespace)
    ? (
        allTexts as Partial<
          Record<string, Partial<Record<string, () => Promise<NamespaceResources>>>>
        >
      )[namespace]
    : undefined;
  const loader = texts && Object.hasOwn(texts, language) ? texts[language] : undefined;
  if (!loader) {
    return Promise.reject(
      new Error(`@paraphe/i18n has no namespace "${String(namespace)}" in "${String(language)}"`),
    );
  }
  return loader();
}
