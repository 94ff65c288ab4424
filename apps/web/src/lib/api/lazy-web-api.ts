import type { CallOptions } from "@paraphe/api-sdk";
import type { TunnelClient, TunnelRequestOptions } from "@paraphe/tunnel-client";
import type { WebApi } from "./create-web-api";

// Nothing here imports the api client's code (the contract's schemas, zod, the tunnel and its HPKE):
// this module is in the first load, the client is a chunk of its own.

/**
 * What `then` and other probes ask of an object (a promise's resolution, React's and the test
 * tools' checks): never an api group or call, so that the facade is not taken for a promise.
 */
const NOT_A_CALL = new Set(["then", "toJSON", "$$typeof", "constructor", "prototype"]);

type Call = (input: unknown, options?: CallOptions) => Promise<unknown>;

/**
 * The web app's api client before its chunk is there: the same calls (`api.user.profile({})`,
 * `api.call(...)`, `api.tunnel`), each of which waits for `load` and then makes the real call, so
 * that the pages render while the client (the contract, zod, the tunnel and its HPKE) downloads.
 * `load` runs once, at once: the download starts in parallel with the first render. A chunk that
 * fails to load is asked for again by the next call (the chunk-load guard reloads the page first
 * when it can; its promise then never settles, and nor do the calls waiting on it).
 */
export function createLazyWebApi(load: () => Promise<WebApi | undefined>): WebApi {
  let client: WebApi | null = null;
  let loading: Promise<WebApi> | null = null;
  const ready = (): Promise<WebApi> => {
    if (client) return Promise.resolve(client);
    if (!loading) {
      const attempt = load().then((loaded) => {
        // The chunk-load guard took the failure and reloads the page: wait for it.
        if (loaded === undefined) return new Promise<never>(() => {});
        client = loaded;
        return loaded;
      });
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
      loading = attempt;
    }
    return loading;
  };
  void ready().catch(() => undefined);
  // Once the client is there, a call is made at once, as the client itself makes it (its credential
  // read now, not a moment later, when a logout may have removed it).
  const withClient = <T>(make: (api: WebApi) => Promise<T>): Promise<T> =>
    client ? make(client) : ready().then(make);

  // The session is the loaded tunnel's: before it is there, no session is open, none to drop.
  const tunnel: TunnelClient = {
    ensureOpen: () => withClient((api) => api.tunnel.ensureOpen()),
    isOpen: () => client?.tunnel.isOpen() ?? false,
    request: (method: string, path: string, options: TunnelRequestOptions) =>
      withClient((api) => api.tunnel.request(method, path, options)),
    destroy: () => client?.tunnel.destroy(),
    reset: () => client?.tunnel.reset(),
    getAttestationResults: () => client?.tunnel.getAttestationResults() ?? null,
    getAttestationStatus: () => client?.tunnel.getAttestationStatus() ?? null,
    getLastAttestation: () => client?.tunnel.getLastAttestation() ?? null,
  };

  const groups = new Map<string, Record<string, Call>>();
  const groupOf = (group: string): Record<string, Call> => {
    let calls = groups.get(group);
    if (!calls) {
      const named = new Map<string, Call>();
      calls = new Proxy({} as Record<string, Call>, {
        get: (_target, name) => {
          if (typeof name !== "string" || NOT_A_CALL.has(name)) return undefined;
          let call = named.get(name);
          if (!call) {
            call = (input, options) =>
              withClient((api) => {
                const calls = api[group as keyof WebApi] as unknown as Record<string, Call>;
                return calls[name]!(input, options);
              });
            named.set(name, call);
          }
          return call;
        },
      });
      groups.set(group, calls);
    }
    return calls;
  };

  const call: WebApi["call"] = (endpoint, input, options) =>
    withClient((api) => api.call(endpoint, input, options));
  return new Proxy({ call, tunnel } as unknown as WebApi, {
    get: (target, name, receiver) => {
      if (name === "call" || name === "tunnel") return Reflect.get(target, name, receiver);
      if (typeof name !== "string" || NOT_A_CALL.has(name)) return undefined;
      return groupOf(name);
    },
  });
}
