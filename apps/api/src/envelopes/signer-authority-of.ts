import type { Config } from "../config";
import { loadOrCreateSignerAuthority, type SignerAuthority } from "../documents/signer-authority";

let authority: Promise<SignerAuthority> | undefined;
let authorityFor: string | undefined;

/**
 * The deployment's signer certification authority (SIGNER_CA_P12_FILE, or the development one in
 * DATA_DIR/signer-ca), loaded once per setting. Callers check `aesAvailable(config)` first: in
 * production without a configured authority, none is generated.
 */
export function signerAuthorityOf(
  config: Pick<Config, "dataDir" | "signerCaP12File" | "signerCaP12Passphrase">,
): Promise<SignerAuthority> {
  const key = `${config.dataDir}\0${config.signerCaP12File ?? ""}`;
  if (authority === undefined || authorityFor !== key) {
    authorityFor = key;
    authority = loadOrCreateSignerAuthority({
      dataDir: config.dataDir,
      ...(config.signerCaP12File === undefined ? {} : { p12File: config.signerCaP12File }),
      ...(config.signerCaP12Passphrase === undefined
        ? {}
        : { p12Passphrase: config.signerCaP12Passphrase }),
    });
    authority.catch(() => {
      authority = undefined;
    });
  }
  return authority;
}
