/**
 * Reads a request body of at most `limit` bytes; undefined when it is longer (a declared
 * Content-Length above the limit is refused before reading, and a stream is not read past it).
 *
 * With a declared Content-Length within the limit, the body is read in one call: the HTTP parser
 * reads no more than the declared length, and the node server then takes the bytes straight from
 * the socket, without building a web stream around them. Without one (chunked), the stream is read
 * chunk by chunk and abandoned past the limit.
 */
export async function readBodyUpTo(
  request: Request,
  limit: number,
): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) > limit) return undefined;
    const body = new Uint8Array(await request.arrayBuffer());
    return body.length > limit ? undefined : body;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}
