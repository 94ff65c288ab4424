import { previewWidthFor, type PreviewWidth } from "@paraphe/api-sdk/contract";

/**
 * The width of page previews for this screen, asked of `/envelope/open` (its first page) and of
 * the page calls: the screen's width in device pixels (CSS width × devicePixelRatio) rounded up to
 * one of the contract's widths, so that a phone is not sent a desktop-size page.
 */
export function screenPreviewWidth(
  view: Pick<Window, "innerWidth" | "devicePixelRatio"> = window,
): PreviewWidth {
  return previewWidthFor(view.innerWidth, view.devicePixelRatio);
}
