import { type GoogleDriveConfig } from "../../../lib/config";
import {
  DRIVE_FILE_SCOPE,
  DriveAuthorizationError,
  DrivePickCanceled,
  DriveUnavailableError,
  type DrivePickedFile,
  type DrivePicker,
} from "./drive-client";

/** Google Identity Services: the token client that asks for the member's access token. */
export const GOOGLE_IDENTITY_SCRIPT = "https://accounts.google.com/gsi/client";
/** Google's API loader, which loads the Picker. */
export const GOOGLE_API_SCRIPT = "https://apis.google.com/js/api.js";

/**
 * The Trusted Types policy that sets the two scripts' addresses (the Content-Security-Policy of a
 * build with the Google Drive import allows it, `tooling/vite/security-headers.js`): it accepts
 * those two addresses and nothing else.
 */
const SCRIPTS_POLICY = "paraphe#google-drive-scripts";

/* The parts of Google's globals this module calls (Google publishes no types in this repo). */
interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}
interface TokenClient {
  requestAccessToken(overrides?: { prompt?: string }): void;
}
interface PickerDocument {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes?: number | string;
}
interface PickerBuilder {
  addView(view: unknown): PickerBuilder;
  enableFeature(feature: string): PickerBuilder;
  setMaxItems(max: number): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setAppId(appId: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setLocale(locale: string): PickerBuilder;
  setCallback(callback: (data: Record<string, unknown>) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void };
}
interface GoogleGlobal {
  accounts: {
    oauth2: {
      initTokenClient(config: {
        client_id: string;
        scope: string;
        callback: (response: TokenResponse) => void;
        error_callback?: (error: { type: string; message?: string }) => void;
      }): TokenClient;
    };
  };
  picker: {
    DocsView: new (viewId?: string) => {
      setMimeTypes(types: string): unknown;
      setIncludeFolders(include: boolean): unknown;
    };
    PickerBuilder: new () => PickerBuilder;
    ViewId: { DOCS: string };
    Feature: { MULTISELECT_ENABLED: string };
    Response: { ACTION: string; DOCUMENTS: string };
    Action: { PICKED: string; CANCEL: string };
  };
}
interface GapiGlobal {
  load(name: string, options: { callback: () => void; onerror: () => void }): void;
}
interface TrustedTypesGlobal {
  createPolicy(
    name: string,
    rules: { createScriptURL: (url: string) => string },
  ): { createScriptURL(url: string): unknown };
}

type GoogleWindow = Window & {
  google?: GoogleGlobal;
  gapi?: GapiGlobal;
  trustedTypes?: TrustedTypesGlobal;
};

const loaded = new Map<string, Promise<void>>();
let scriptsPolicy: { createScriptURL(url: string): unknown } | null | undefined;

/** The script address as the page may set it: through the Trusted Types policy where enforced. */
function scriptUrl(url: string): string {
  const win = window as GoogleWindow;
  if (scriptsPolicy === undefined) {
    scriptsPolicy = win.trustedTypes
      ? win.trustedTypes.createPolicy(SCRIPTS_POLICY, {
          createScriptURL: (value) => {
            if (value !== GOOGLE_IDENTITY_SCRIPT && value !== GOOGLE_API_SCRIPT) {
              throw new TypeError(`Refused script address: ${value}`);
            }
            return value;
          },
        })
      : null;
  }
  return (scriptsPolicy ? scriptsPolicy.createScriptURL(url) : url) as string;
}

/** Adds one of Google's scripts to the page, once; a failure lets a later call try again. */
function loadScript(url: string): Promise<void> {
  const existing = loaded.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = scriptUrl(url);
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loaded.delete(url);
      reject(new DriveUnavailableError(`${url} did not load`));
    };
    document.head.append(script);
  });
  loaded.set(url, promise);
  return promise;
}

async function loadPicker(): Promise<GoogleGlobal["picker"]> {
  await loadScript(GOOGLE_API_SCRIPT);
  const win = window as GoogleWindow;
  const gapi = win.gapi;
  if (!gapi) throw new DriveUnavailableError("the Google API loader is missing");
  await new Promise<void>((resolve, reject) =>
    gapi.load("picker", {
      callback: resolve,
      onerror: () => reject(new DriveUnavailableError("the Picker did not load")),
    }),
  );
  const picker = win.google?.picker;
  if (!picker) throw new DriveUnavailableError("the Picker is missing");
  return picker;
}

/**
 * The real Google side: an access token from Google Identity Services' token client (scope
 * `drive.file`), then the Picker (PDFs only, several at once) with that token and the project's app
 * id, so that the picked files are granted to this app. Google's scripts load on first use only.
 */
export function createGooglePicker(config: GoogleDriveConfig): DrivePicker {
  return {
    async authorize() {
      await loadScript(GOOGLE_IDENTITY_SCRIPT);
      const oauth2 = (window as GoogleWindow).google?.accounts?.oauth2;
      if (!oauth2) throw new DriveUnavailableError("Google Identity Services is missing");
      return new Promise<string>((resolve, reject) => {
        const client = oauth2.initTokenClient({
          client_id: config.clientId,
          scope: DRIVE_FILE_SCOPE,
          callback: (response) => {
            if (response.error || !response.access_token) {
              reject(new DriveAuthorizationError(response.error ?? "no access token"));
            } else {
              resolve(response.access_token);
            }
          },
          error_callback: (error) =>
            reject(
              error.type === "popup_closed"
                ? new DrivePickCanceled()
                : new DriveAuthorizationError(error.type),
            ),
        });
        client.requestAccessToken({ prompt: "" });
      });
    },

    async pick(token, { max, language }) {
      const picker = await loadPicker();
      const view = new picker.DocsView(picker.ViewId.DOCS);
      view.setMimeTypes("application/pdf");
      view.setIncludeFolders(true);
      let builder = new picker.PickerBuilder()
        .addView(view)
        .enableFeature(picker.Feature.MULTISELECT_ENABLED)
        .setMaxItems(max)
        .setOAuthToken(token)
        .setAppId(config.appId)
        .setLocale(language);
      if (config.apiKey) builder = builder.setDeveloperKey(config.apiKey);
      return new Promise<DrivePickedFile[]>((resolve) => {
        builder
          .setCallback((data) => {
            const action = data[picker.Response.ACTION];
            if (action === picker.Action.CANCEL) resolve([]);
            if (action !== picker.Action.PICKED) return;
            const documents = (data[picker.Response.DOCUMENTS] ?? []) as PickerDocument[];
            resolve(
              documents.map((document) => {
                const size = Number(document.sizeBytes);
                return {
                  id: document.id,
                  name: document.name,
                  mimeType: document.mimeType,
                  sizeBytes:
                    document.sizeBytes === undefined || !Number.isFinite(size) ? undefined : size,
                };
              }),
            );
          })
          .build()
          .setVisible(true);
      });
    },
  };
}
