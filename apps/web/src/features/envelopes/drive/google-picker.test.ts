import { describe, expect, it, vi } from "vitest";
import {
  DriveAuthorizationError,
  DrivePickCanceled,
  DriveUnavailableError,
  DRIVE_FILE_SCOPE,
} from "./drive-client";
import { createGooglePicker, GOOGLE_API_SCRIPT, GOOGLE_IDENTITY_SCRIPT } from "./google-picker";

const CONFIG = { clientId: "client.apps.googleusercontent.com", appId: "123456", apiKey: "key" };

type TokenAnswer = { access_token?: string; error?: string } | { errorType: string };

/** Google's globals as its two scripts define them, answering the token client with `answer`. */
function installGoogle(answer: TokenAnswer) {
  const tokenClients: { client_id: string; scope: string }[] = [];
  const built: Record<string, unknown> = {};
  let pickerCallback: ((data: Record<string, unknown>) => void) | undefined;
  const builder = {
    addView: (view: unknown) => ((built.view = view), builder),
    enableFeature: (feature: string) => ((built.feature = feature), builder),
    setMaxItems: (max: number) => ((built.max = max), builder),
    setOAuthToken: (token: string) => ((built.token = token), builder),
    setAppId: (appId: string) => ((built.appId = appId), builder),
    setDeveloperKey: (key: string) => ((built.key = key), builder),
    setLocale: (locale: string) => ((built.locale = locale), builder),
    setCallback: (callback: (data: Record<string, unknown>) => void) => {
      pickerCallback = callback;
      return builder;
    },
    build: () => ({ setVisible: (visible: boolean) => (built.visible = visible) }),
  };
  class DocsView {
    mimeTypes = "";
    setMimeTypes(types: string) {
      this.mimeTypes = types;
      return this;
    }
    setIncludeFolders() {
      return this;
    }
  }
  vi.stubGlobal("google", {
    accounts: {
      oauth2: {
        initTokenClient: (options: {
          client_id: string;
          scope: string;
          callback: (response: unknown) => void;
          error_callback: (error: { type: string }) => void;
        }) => {
          tokenClients.push({ client_id: options.client_id, scope: options.scope });
          return {
            requestAccessToken: () =>
              "errorType" in answer
                ? options.error_callback({ type: answer.errorType })
                : options.callback(answer),
          };
        },
      },
    },
    picker: {
      DocsView,
      PickerBuilder: function PickerBuilder() {
        return builder;
      },
      ViewId: { DOCS: "all" },
      Feature: { MULTISELECT_ENABLED: "multiselect" },
      Response: { ACTION: "action", DOCUMENTS: "docs" },
      Action: { PICKED: "picked", CANCEL: "cancel" },
    },
  });
  vi.stubGlobal("gapi", {
    load: (_name: string, options: { callback: () => void }) => options.callback(),
  });
  return {
    tokenClients,
    built,
    answerPicker: (data: Record<string, unknown>) => pickerCallback!(data),
  };
}

/** Google's script once the page added it: it "loads" (its globals are installed above). */
async function loaded(src: string) {
  await vi.waitFor(() => {
    const script = [...document.head.querySelectorAll("script")].find((s) => s.src === src);
    if (!script) throw new Error(`${src} not added`);
    script.dispatchEvent(new Event("load"));
  });
}

describe("Google's token client and Picker", () => {
  it("says that Google Drive cannot be opened when Google's script does not load, and tries again next time", async () => {
    installGoogle({ access_token: "ya29.granted" });
    const picked = createGooglePicker(CONFIG).pick("ya29.granted", { max: 5, language: "en" });
    await vi.waitFor(() => {
      const script = [...document.head.querySelectorAll("script")].find(
        (element) => element.src === GOOGLE_API_SCRIPT,
      );
      if (!script) throw new Error("not added");
      script.dispatchEvent(new Event("error"));
    });
    await expect(picked).rejects.toBeInstanceOf(DriveUnavailableError);
    expect(
      [...document.head.querySelectorAll("script")].some((s) => s.src === GOOGLE_API_SCRIPT),
    ).toBe(false);
  });

  it("asks for a drive.file token with the build's client id, then opens the Picker for PDFs with that token and the app id", async () => {
    const google = installGoogle({ access_token: "ya29.granted" });
    const picker = createGooglePicker(CONFIG);
    const token = picker.authorize();
    await loaded(GOOGLE_IDENTITY_SCRIPT);
    await expect(token).resolves.toBe("ya29.granted");
    expect(google.tokenClients).toEqual([{ client_id: CONFIG.clientId, scope: DRIVE_FILE_SCOPE }]);

    const picked = picker.pick("ya29.granted", { max: 50, language: "fr" });
    await loaded(GOOGLE_API_SCRIPT);
    await vi.waitFor(() => expect(google.built.visible).toBe(true));
    expect(google.built).toMatchObject({
      feature: "multiselect",
      max: 50,
      token: "ya29.granted",
      appId: "123456",
      key: "key",
      locale: "fr",
      view: { mimeTypes: "application/pdf" },
    });
    google.answerPicker({
      action: "picked",
      docs: [{ id: "f1", name: "Lease.pdf", mimeType: "application/pdf", sizeBytes: 2048 }],
    });
    await expect(picked).resolves.toEqual([
      { id: "f1", name: "Lease.pdf", mimeType: "application/pdf", sizeBytes: 2048 },
    ]);
  });

  it("gives no file when the member cancels the Picker", async () => {
    const google = installGoogle({ access_token: "ya29.granted" });
    const picked = createGooglePicker(CONFIG).pick("ya29.granted", { max: 5, language: "en" });
    await loaded(GOOGLE_API_SCRIPT);
    await vi.waitFor(() => expect(google.built.visible).toBe(true));
    google.answerPicker({ action: "cancel" });
    await expect(picked).resolves.toEqual([]);
  });

  it("rejects a refused token, and treats a closed Google window as a cancel", async () => {
    installGoogle({ error: "access_denied" });
    await expect(createGooglePicker(CONFIG).authorize()).rejects.toBeInstanceOf(
      DriveAuthorizationError,
    );
    installGoogle({ errorType: "popup_closed" });
    await expect(createGooglePicker(CONFIG).authorize()).rejects.toBeInstanceOf(DrivePickCanceled);
    installGoogle({ errorType: "popup_failed_to_open" });
    await expect(createGooglePicker(CONFIG).authorize()).rejects.toBeInstanceOf(
      DriveAuthorizationError,
    );
  });
});
