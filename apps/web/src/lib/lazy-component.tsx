import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";

/** A component whose code is a chunk of its own, with the call that starts its download. */
export interface LazyComponent<Props extends object> {
  (props: Props): ReactNode;
  /** Starts the download (once); a failed one may be retried by the next call. */
  preload: () => void;
}

/**
 * A component that a page shows on demand (a dialog's form, a sheet), loaded apart from the page's
 * first paint: `load` imports its module and answers the component, or undefined when the chunk-load
 * guard answers a failed download (it reloads the page; the place stays on `fallback` meanwhile).
 * Once downloaded, it renders at once; before, it suspends with `fallback`. A page starts the download
 * when it shows (`usePreload`), so that the component is there when the reader opens it.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props> | undefined>,
  fallback: ReactNode = null,
): LazyComponent<Props> {
  let loading: Promise<ComponentType<Props> | undefined> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => {
    const component = await start();
    return component ? { default: component } : new Promise<never>(() => {});
  });
  function Component(props: Props) {
    // Decided once per mount: the same element type for the component's life, so that a form
    // mounted before the download ended keeps what the reader typed.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Suspending {...props} />
      </Suspense>
    );
  }
  return Object.assign(Component, { preload: () => void start().catch(() => undefined) });
}

/** Starts the download of components a page may open, once the page has shown. */
export function usePreload(...components: readonly { preload: () => void }[]): void {
  // Once per mount, with the components the page first named (module constants).
  const toPreload = useRef(components);
  useEffect(() => {
    for (const component of toPreload.current) component.preload();
  }, []);
}
