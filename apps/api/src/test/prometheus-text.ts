/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for the metrics tests: every
 * line but empty ones must be a `# HELP`, a `# TYPE` or a sample of a family declared by a `# TYPE` before it, with
 * well-formed names, labels and values, and no sample twice. Throws on the first line that is not;
 * answers the samples, `name{label="value",...}` -> value, labels in the order written.
 */
export function parsePrometheusText(text: string): Map<string, number> {
  const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
  // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
  const VALUE =
    "(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])";
  const sampleLine = new RegExp(
    `^(${NAME})(\\{(?:${LABEL}(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`,
  );
  const helpLine = new RegExp(`^# HELP (${NAME}) .*$`);
  const typeLine = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, index) => {
    const where = `line ${index + 1}: ${JSON.stringify(line)}`;
    // The format ignores empty lines (prom-client writes one after each family).
    if (line === "") return;
    if (line.startsWith("#")) {
      const type = typeLine.exec(line);
      if (type?.[1] !== undefined && type[2] !== undefined) {
        if (types.has(type[1])) throw new Error(`family typed twice, ${where}`);
        types.set(type[1], type[2]);
      } else if (!helpLine.test(line)) throw new Error(`malformed comment, ${where}`);
      return;
    }
    const sample = sampleLine.exec(line);
    const name = sample?.[1];
    const value = sample?.[3];
    if (name === undefined || value === undefined) throw new Error(`malformed sample, ${where}`);
    const family = [
      name,
      ...["_bucket", "_sum", "_count"].map((suffix) =>
        name.endsWith(suffix) ? name.slice(0, -suffix.length) : undefined,
      ),
    ].find((candidate) => candidate !== undefined && types.has(candidate));
    if (family === undefined) throw new Error(`sample of no declared family, ${where}`);
    const type = types.get(family);
    if (family !== name && type !== "histogram" && type !== "summary")
      throw new Error(`suffix on a ${type ?? "?"}, ${where}`);
    const key = `${name}${sample?.[2] ?? ""}`;
    if (samples.has(key)) throw new Error(`sample twice, ${where}`);
    const lower = value.toLowerCase();
    samples.set(
      key,
      lower === "nan"
        ? Number.NaN
        : lower.endsWith("inf")
          ? Number(`${lower.slice(0, -3)}Infinity`)
          : Number(value),
    );
  });
  return samples;
}
