// The published SDK in a browser bundle: the same calls as the Node script, with the team API key
// read from the address's fragment (#accessKey=...&secretKey=...&api=...), never built in.
import { createRoot } from "react-dom/client";
import { useEffect, useState } from "react";
import { Button } from "@paraphe/ui-kit";
import referenceValues from "../reference-values.json";
import { runWithApiKey } from "../run.mjs";

function App() {
  const [state, setState] = useState({ status: "idle" });
  const run = () => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    setState({ status: "running" });
    runWithApiKey({
      baseUrl: fragment.get("api") ?? "http://localhost:3000",
      accessKey: fragment.get("accessKey") ?? "",
      secretKey: fragment.get("secretKey") ?? "",
      referenceValues,
      recipientDomain: fragment.get("domain") ?? "example.com",
    }).then(
      (result) => setState({ status: "done", result }),
      (error) =>
        setState({ status: "failed", error: String(error?.code ?? error?.message ?? error) }),
    );
  };
  useEffect(() => {
    document.title = `SDK: ${state.status}`;
  }, [state.status]);
  return (
    <main>
      <h1>Paraphe SDK in a browser bundle</h1>
      <Button onClick={run} disabled={state.status === "running"}>
        Run
      </Button>
      {state.status === "done" ? (
        <pre data-testid="result">{JSON.stringify(state.result)}</pre>
      ) : null}
      {state.status === "failed" ? <p role="alert">{state.error}</p> : null}
    </main>
  );
}

createRoot(document.getElementById("root")).render(<App />);
