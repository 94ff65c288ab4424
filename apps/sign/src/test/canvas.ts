import { PIXEL_PNG } from "./api-handlers";

/**
 * jsdom has no canvas and no font loading: a 2D context whose every method does nothing, a PNG
 * for `toDataURL`, and `document.fonts.load` that resolves at once. Enough for the signature pad
 * and the typed signature to run in component tests.
 */
export function installFakeCanvas() {
  const context = new Proxy(
    { measureText: () => ({ width: 120 }) } as Record<string | symbol, unknown>,
    {
      get: (target, key) => (key in target ? target[key] : () => undefined),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  HTMLCanvasElement.prototype.getContext = (() =>
    context) as unknown as HTMLCanvasElement["getContext"];
  HTMLCanvasElement.prototype.toDataURL = () => `data:image/png;base64,${PIXEL_PNG}`;
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { load: () => Promise.resolve([]) },
  });
}
