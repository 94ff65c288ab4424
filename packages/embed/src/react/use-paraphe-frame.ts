import { useEffect, useRef, type RefObject } from "react";
import type { MountedFrame } from "../frame";

/**
 * A frame of Paraphe's in the element the returned ref goes to, made by `mount` from `options`
 * and made again only when an option changes (compared as JSON, so that an object given anew at
 * each render makes no new frame). Each of its events goes to the callback `callbackNames` names
 * for its type, the one given at the latest render (a new callback is used at once, without a new
 * frame); when `mount` refuses the options, `onError` is called with `{ code: invalidCode }`.
 */
export function useParapheFrame<
  Options,
  Event extends { type: string; payload: unknown },
  Callbacks extends { onError?: (payload: { code: string }) => void },
>(
  options: Options,
  mount: (
    container: HTMLElement,
    options: Options,
    onEvent: (event: Event) => void,
  ) => MountedFrame,
  callbacks: Callbacks,
  callbackNames: { readonly [Type in Event["type"]]: keyof Callbacks },
  invalidCode: string,
): RefObject<HTMLDivElement | null> {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacksRef = useRef<Callbacks>(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });
  const key = JSON.stringify(options);
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    let mounted: MountedFrame;
    try {
      mounted = mount(container, JSON.parse(key) as Options, (event) => {
        const name = callbackNames[event.type as Event["type"]];
        const callback = callbacksRef.current[name] as
          ((payload: typeof event.payload) => void) | undefined;
        callback?.(event.payload);
      });
    } catch {
      callbacksRef.current.onError?.({ code: invalidCode });
      return;
    }
    return () => mounted.destroy();
  }, [key, mount, callbackNames, invalidCode]);
  return containerRef;
}

/**
 * A component's props split into the frame's options and its callbacks (the props `callbackNames`
 * names), for `useParapheFrame`.
 */
export function splitCallbacks<Props extends object, Name extends string & keyof Props>(
  props: Props,
  callbackNames: { readonly [type: string]: Name },
): { options: Omit<Props, Name>; callbacks: Pick<Props, Name> } {
  const names = new Set<string>(Object.values(callbackNames));
  const options: Record<string, unknown> = {};
  const callbacks: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    (names.has(name) ? callbacks : options)[name] = value;
  }
  return {
    options: options as Omit<Props, Name>,
    callbacks: callbacks as Pick<Props, Name>,
  };
}
