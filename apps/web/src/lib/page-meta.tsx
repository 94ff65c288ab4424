import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

/** What a screen asks of the app header (spec §2 "Header"). */
export interface PageMeta {
  /** The page title, shown in the header and in the browser tab. */
  title?: string;
  /** A back button before the title. */
  back?: { label: string; onClick: () => void };
  /** Makes the title editable in place (Enter saves, Escape cancels, blur saves). */
  editable?: {
    onSave: (value: string) => void | Promise<unknown>;
    /** Accessible name of the field (e.g. "Document title"). */
    label: string;
    /** Hint on the title button (e.g. "Edit the title"). */
    editLabel: string;
    required?: boolean;
    requiredMessage?: string;
  };
}

interface PageMetaContextValue {
  meta: PageMeta;
  setMeta: (meta: PageMeta) => void;
}

const PageMetaContext = createContext<PageMetaContextValue | null>(null);

/** Holds the current screen's PageMeta for the layout's header. */
export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [meta, setMeta] = useState<PageMeta>({});
  const value = useMemo(() => ({ meta, setMeta }), [meta]);
  return <PageMetaContext.Provider value={value}>{children}</PageMetaContext.Provider>;
}

/** The current screen's PageMeta (empty outside a PageMetaProvider). */
export function usePageMetaValue(): PageMeta {
  return useContext(PageMetaContext)?.meta ?? {};
}

/**
 * Declares the current screen's title, back button and title editing, for as long as the calling
 * component is mounted: `usePageMeta({ title: envelope.title, back: {...} })`. Callbacks may change on
 * every render; the header always calls the latest ones.
 */
export function usePageMeta(meta: PageMeta): void {
  const setMeta = useContext(PageMetaContext)?.setMeta;
  const latest = useRef(meta);
  useLayoutEffect(() => {
    latest.current = meta;
  });

  const { title, back, editable } = meta;
  const backLabel = back?.label;
  const editLabel = editable?.editLabel;
  const fieldLabel = editable?.label;
  const required = editable?.required;
  const requiredMessage = editable?.requiredMessage;

  useLayoutEffect(() => {
    if (!setMeta) return;
    setMeta({
      title,
      back:
        backLabel === undefined
          ? undefined
          : { label: backLabel, onClick: () => latest.current.back?.onClick() },
      editable:
        fieldLabel === undefined || editLabel === undefined
          ? undefined
          : {
              label: fieldLabel,
              editLabel,
              required,
              requiredMessage,
              onSave: (value) => latest.current.editable?.onSave(value),
            },
    });
    return () => setMeta({});
  }, [setMeta, title, backLabel, fieldLabel, editLabel, required, requiredMessage]);
}
