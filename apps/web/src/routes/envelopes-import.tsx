import { DriveImportPage } from "../features/envelopes/components/import/drive-import-page";
import { ImportPage } from "../features/envelopes/components/import/import-page";

/** /envelopes/import */
export function EnvelopesImportRoute() {
  return <ImportPage />;
}

/** /envelopes/import-google-drive */
export function EnvelopesImportGoogleDriveRoute() {
  return <DriveImportPage />;
}
