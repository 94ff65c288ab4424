import { config } from "../../../lib/config";
import { createDriveClient, type DriveClient } from "./drive-client";
import { createGooglePicker } from "./google-picker";

let client: DriveClient | null | undefined;

/**
 * The Drive client of this build: Google's Picker with the build's client id and app id, or `null`
 * when the build has no Google Drive import (spec §8: cloud drive not configured). Created on first
 * use; Google's scripts load only when the member opens the Picker.
 */
export function configuredDriveClient(): DriveClient | null {
  if (client === undefined) {
    client = config.googleDrive ? createDriveClient(createGooglePicker(config.googleDrive)) : null;
  }
  return client;
}
