interface Step {
  value: unknown;
  key: string | undefined;
  parent: Step | undefined;
}

function pathOf(step: Step | undefined, lastKey?: string): string {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * Finds the first text of a parsed JSON value (a string, or an object's key) that holds the NUL
 * character (U+0000), which no PostgreSQL text or jsonb column can store. Answers its path
 * ("permissions.0.reason"), "" for the value itself, or undefined when there is none. The walk is
 * iterative and keeps parent links instead of copied paths, so a deeply nested body costs time
 * linear in its size and no stack.
 */
export function findNulText(value: unknown): string | undefined {
  const pending: Step[] = [{ value, key: undefined, parent: undefined }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const item = step.value;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return pathOf(step);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        pending.push({ value: item[index], key: String(index), parent: step });
      }
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        if (key.includes("\u0000")) return pathOf(step, key);
        pending.push({ value: child, key, parent: step });
      }
    }
  }
  return undefined;
}
