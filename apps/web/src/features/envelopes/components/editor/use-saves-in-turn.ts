import { useLayoutEffect, useRef } from "react";

/**
 * Saves a list of people (a draft's recipients, a template's roles) one change at a time, each
 * change made to the list the previous save answered. Every save sends the whole list: a change
 * made to the list shown while an earlier save is still under way (two steps picked in quick
 * succession) would send the list from before that save, and undo it.
 *
 * `items` is the list as the server last gave it; `itemsOf` reads the list of a save's answer.
 * The function answered takes the change (the whole list to save, made from the current one) and
 * answers that save's answer, in turn after the saves asked before it.
 */
export function useSavesInTurn<Item, Input, Answer>(
  items: readonly Item[],
  save: (inputs: Input[]) => Promise<Answer>,
  itemsOf: (answer: Answer) => readonly Item[],
): (change: (current: readonly Item[]) => Input[]) => Promise<Answer> {
  const latest = useRef(items);
  // A list the page receives (a save's answer stored, a reload) is the newest one known.
  useLayoutEffect(() => {
    latest.current = items;
  }, [items]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return (change) => {
    const run = queue.current.then(async () => {
      const answer = await save(change(latest.current));
      latest.current = itemsOf(answer);
      return answer;
    });
    queue.current = run.catch(() => undefined);
    return run;
  };
}
