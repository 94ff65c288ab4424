import { SigningPage } from "../features/signing/components/signing-page";
import { SignPublicLayout } from "../layouts/public-layout";

/** `/sign/{envelopeUuid}`: the public signing page reached through an access link (spec §2). */
export function SignRoute({ envelopeUuid }: { envelopeUuid: string }) {
  return (
    <SignPublicLayout>
      <SigningPage key={envelopeUuid} envelopeUuid={envelopeUuid} />
    </SignPublicLayout>
  );
}
