import { lazy, Suspense } from "react";
import type * as SecurityStatusModule from "./security-status";

/**
 * The status button's code (the saved attestation's reader, its description and icons), a chunk of
 * its own: the first load carries what a page needs to show. Undefined when the chunk failed to load
 * and the chunk-load guard reloads the page: the button's place then stays empty until the reload.
 */
const SecurityStatus = lazy(async () => {
  const module: typeof SecurityStatusModule | undefined = await import("./security-status");
  return module ? { default: module.SecurityStatus } : new Promise<never>(() => {});
});

/**
 * The header's security status button, opening the security dialog (spec §2). Its place is kept
 * (an icon button's size) while its code downloads, so that the header does not move.
 */
export function SecurityButton() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-flex size-10" />}>
      <SecurityStatus />
    </Suspense>
  );
}
