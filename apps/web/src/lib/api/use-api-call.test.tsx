import { ApiError, ErrorCode } from "@paraphe/api-sdk";
import { act, renderHook, waitFor } from "@testing-library/react";
import { type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApi } from "../../test/api";
import { ApiProvider } from "./api-context";
import { useApiCall } from "./use-api-call";

function renderCall<Output>(call: () => Promise<Output>, options?: { retry?: false }) {
  const { api, server } = createTestApi();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>{children}</ApiProvider>
  );
  const view = renderHook(() => useApiCall(call, options), { wrapper });
  return { ...view, tunnel: server.tunnel };
}

const tunnelLost = new ApiError({
  statusCode: 401,
  code: ErrorCode.TUNNEL_ERROR,
  message: "Tunnel session expired",
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useApiCall: the login page's calls without TanStack Query", () => {
  it("is pending while the call goes, then answers", async () => {
    let answer: (value: string) => void = () => undefined;
    const { result } = renderCall(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    act(() => result.current.mutate(undefined, { onSuccess }));
    expect(result.current.isPending).toBe(true);
    await act(async () => answer("done"));
    expect(onSuccess).toHaveBeenCalledWith("done");
    expect(result.current.isPending).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("retries after the tunnel's empty-message failures, the reset routine first (spec §7)", async () => {
    vi.useFakeTimers();
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("EMPTY_ENCRYPTED_MESSAGE"))
      .mockResolvedValueOnce("done");
    const { result, tunnel } = renderCall(call);
    let output: Promise<string> = Promise.resolve("");
    act(() => {
      output = result.current.mutateAsync(undefined);
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await expect(output).resolves.toBe("done");
    expect(call).toHaveBeenCalledTimes(2);
    expect(tunnel.reset).toHaveBeenCalledTimes(1);
  });

  it("keeps the failure of a call spec §7 does not retry, and of one sent once only", async () => {
    for (const [error, options] of [
      [new Error("network down"), undefined],
      [tunnelLost, undefined],
      [new Error("EMPTY_ENCRYPTED_MESSAGE"), { retry: false as const }],
    ] as const) {
      const call = vi.fn<() => Promise<string>>().mockRejectedValue(error);
      const { result, unmount } = renderCall(call, options);
      await act(async () => {
        await expect(result.current.mutateAsync(undefined)).rejects.toBe(error);
      });
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.error).toBe(error);
      expect(call).toHaveBeenCalledTimes(1);
      unmount();
    }
  });
});
