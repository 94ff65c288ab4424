/**
 * The shape a translation must have, derived from the English resources: the same keys, string
 * values. `ExtraPlural` names the plural categories the language has beyond English's `one` and
 * `other` (French adds `many`): every `key_other` then needs a `key_<extra>` too.
 */
export type Translation<T, ExtraPlural extends string = never> = {
  [
    K in keyof T & string as K extends `${infer Base}_other` ? K | `${Base}_${ExtraPlural}` : K
  ]: T[K] extends string ? string : Translation<T[K], ExtraPlural>;
};
