/**
 * The people of each signing step (1, 2, ...), in list order with their index in the list; steps
 * without people are left out.
 */
export function groupBySteps<T extends { step: number }>(
  items: readonly T[],
): { step: number; entries: { item: T; index: number }[] }[] {
  const steps = [...new Set(items.map((item) => item.step))].sort((a, b) => a - b);
  return steps.map((step) => ({
    step,
    entries: items
      .map((item, index) => ({ item, index }))
      .filter((entry) => entry.item.step === step),
  }));
}
