/**
 * A sender's pattern for a field value, matched in time linear in the value's length whatever the
 * pattern: it is compiled to a Thompson automaton (every state advanced together, one character at a
 * time) rather than run by a backtracking engine, so that no pattern can make signing hang
 * (catastrophic backtracking). The syntax is the common subset of regular expressions:
 * characters, `.`, `\d \D \w \W \s \S`, escaped punctuation, classes `[a-z0-9]` and `[^...]`,
 * groups `( )` and `(?: )`, alternation `|`, quantifiers `* + ? {n} {n,} {n,m}` (a lazy `?` after
 * one is accepted; it changes nothing for a whole-value match), `^` and `$` at the ends. Back
 * references and lookarounds, which no linear engine can match, are refused. The whole value must
 * match.
 */

export const FIELD_PATTERN_MAX_LENGTH = 200;
/** Largest bound of a `{n,m}` quantifier, and most automaton states a pattern may make. */
const MAX_REPEAT = 100;
const MAX_STATES = 2000;

export type FieldPatternProblem = "invalid_pattern" | "unsupported_pattern" | "pattern_too_complex";

type CharTest = (char: string) => boolean;

type Node =
  | { type: "char"; test: CharTest }
  | { type: "empty" }
  | { type: "concat"; parts: Node[] }
  | { type: "alt"; options: Node[] }
  | { type: "repeat"; node: Node; min: number; max: number | null };

class PatternError extends Error {
  constructor(readonly problem: FieldPatternProblem) {
    super(problem);
  }
}

const DIGIT: CharTest = (char) => char >= "0" && char <= "9";
const WORD: CharTest = (char) => /^[A-Za-z0-9_]$/.test(char);
const SPACE: CharTest = (char) => /^\s$/u.test(char);
const not =
  (test: CharTest): CharTest =>
  (char) =>
    !test(char);

/** The test of a class escape (`\d`...), or undefined for another escape. */
function classEscape(letter: string): CharTest | undefined {
  switch (letter) {
    case "d":
      return DIGIT;
    case "D":
      return not(DIGIT);
    case "w":
      return WORD;
    case "W":
      return not(WORD);
    case "s":
      return SPACE;
    case "S":
      return not(SPACE);
    default:
      return undefined;
  }
}

/** The character an escape stands for: punctuation itself, `\t`, `\n`; letters and digits refused. */
function literalEscape(char: string | undefined): string {
  if (char === undefined) throw new PatternError("invalid_pattern");
  if (char === "t") return "\t";
  if (char === "n") return "\n";
  // Digits are back references, `\k` a named one, `\b` a boundary: none of them linear.
  if (/^[\p{L}\p{N}]$/u.test(char)) throw new PatternError("unsupported_pattern");
  return char;
}

class Parser {
  private index = 0;
  constructor(private readonly chars: readonly string[]) {}

  parse(): Node {
    if (this.chars[0] === "^") this.index = 1;
    const node = this.alternation();
    if (this.index < this.chars.length) throw new PatternError("invalid_pattern");
    return node;
  }

  private peek(): string | undefined {
    return this.chars[this.index];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.index += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { type: "alt", options };
  }

  private sequence(): Node {
    const parts: Node[] = [];
    for (;;) {
      const char = this.peek();
      if (char === undefined || char === "|" || char === ")") break;
      if (char === "$" && this.index === this.chars.length - 1) {
        this.index += 1;
        break;
      }
      parts.push(this.quantified(this.atom()));
    }
    return parts.length === 1 ? (parts[0] as Node) : { type: "concat", parts };
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let min: number;
    let max: number | null;
    if (char === "*") [min, max] = [0, null];
    else if (char === "+") [min, max] = [1, null];
    else if (char === "?") [min, max] = [0, 1];
    else if (char === "{") {
      const rest = this.chars.slice(this.index).join("");
      const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(rest);
      if (match === null) throw new PatternError("invalid_pattern");
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? null : Number(match[3]);
      if (max !== null && max < min) throw new PatternError("invalid_pattern");
      if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT) {
        throw new PatternError("pattern_too_complex");
      }
      this.index += match[0].length - 1;
    } else return node;
    this.index += 1;
    if (this.peek() === "?") this.index += 1;
    const next = this.peek();
    if (next === "*" || next === "+" || next === "?" || next === "{") {
      throw new PatternError("invalid_pattern");
    }
    return { type: "repeat", node, min, max };
  }

  private atom(): Node {
    const char = this.chars[this.index];
    this.index += 1;
    switch (char) {
      case "(": {
        if (this.peek() === "?") {
          if (this.chars[this.index + 1] !== ":") throw new PatternError("unsupported_pattern");
          this.index += 2;
        }
        const node = this.alternation();
        if (this.peek() !== ")") throw new PatternError("invalid_pattern");
        this.index += 1;
        return node;
      }
      case "[":
        return { type: "char", test: this.characterClass() };
      case ".":
        return { type: "char", test: (value) => value !== "\n" };
      case "\\": {
        const letter = this.chars[this.index];
        this.index += 1;
        const test = letter === undefined ? undefined : classEscape(letter);
        if (test !== undefined) return { type: "char", test };
        const literal = literalEscape(letter);
        return { type: "char", test: (value) => value === literal };
      }
      case "*":
      case "+":
      case "?":
      case "{":
      case ")":
      case "]":
      case "}":
      case "^":
      case "$":
      case undefined:
        throw new PatternError("invalid_pattern");
      default:
        return { type: "char", test: (value) => value === char };
    }
  }

  private characterClass(): CharTest {
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.index += 1;
    }
    const tests: CharTest[] = [];
    let first = true;
    for (;;) {
      let char = this.chars[this.index];
      if (char === undefined) throw new PatternError("invalid_pattern");
      if (char === "]" && !first) {
        this.index += 1;
        break;
      }
      first = false;
      this.index += 1;
      if (char === "\\") {
        const letter = this.chars[this.index];
        this.index += 1;
        const test = letter === undefined ? undefined : classEscape(letter);
        if (test !== undefined) {
          tests.push(test);
          continue;
        }
        char = literalEscape(letter);
      }
      if (
        this.peek() === "-" &&
        this.chars[this.index + 1] !== "]" &&
        this.index + 1 < this.chars.length
      ) {
        this.index += 1;
        let end = this.chars[this.index];
        this.index += 1;
        if (end === "\\") {
          end = literalEscape(this.chars[this.index]);
          this.index += 1;
        }
        if (end === undefined || end < char) throw new PatternError("invalid_pattern");
        const low = char;
        const high = end;
        tests.push((value) => value >= low && value <= high);
      } else {
        const literal = char;
        tests.push((value) => value === literal);
      }
    }
    const any: CharTest = (value) => tests.some((test) => test(value));
    return negated ? not(any) : any;
  }
}

// The automaton: states in an array, -1 for "not yet linked".
type State =
  | { type: "char"; test: CharTest; out: number }
  | { type: "split"; out: number; out2: number }
  | { type: "match" };

interface Fragment {
  start: number;
  /** States whose `out` (or `out2`, with `second`) is still to link. */
  dangling: { state: number; second: boolean }[];
}

class Compiler {
  readonly states: State[] = [];

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new PatternError("pattern_too_complex");
    this.states.push(state);
    return this.states.length - 1;
  }

  link(fragment: Fragment, target: number): void {
    for (const { state, second } of fragment.dangling) {
      const node = this.states[state];
      if (node === undefined || node.type === "match") continue;
      if (second && node.type === "split") node.out2 = target;
      else node.out = target;
    }
  }

  /** `node?`, or `node*` when it loops. */
  private optional(node: Node, loops: boolean): Fragment {
    const inner = this.compile(node);
    const split = this.add({ type: "split", out: inner.start, out2: -1 });
    if (loops) {
      this.link(inner, split);
      return { start: split, dangling: [{ state: split, second: true }] };
    }
    return { start: split, dangling: [...inner.dangling, { state: split, second: true }] };
  }

  compile(node: Node): Fragment {
    switch (node.type) {
      case "char": {
        const state = this.add({ type: "char", test: node.test, out: -1 });
        return { start: state, dangling: [{ state, second: false }] };
      }
      case "empty": {
        const state = this.add({ type: "split", out: -1, out2: -1 });
        // Both branches lead to what follows.
        return {
          start: state,
          dangling: [
            { state, second: false },
            { state, second: true },
          ],
        };
      }
      case "concat": {
        if (node.parts.length === 0) return this.compile({ type: "empty" });
        const fragments = node.parts.map((part) => this.compile(part));
        for (let index = 0; index + 1 < fragments.length; index += 1) {
          this.link(fragments[index] as Fragment, (fragments[index + 1] as Fragment).start);
        }
        return {
          start: (fragments[0] as Fragment).start,
          dangling: (fragments[fragments.length - 1] as Fragment).dangling,
        };
      }
      case "alt": {
        let fragment = this.compile(node.options[node.options.length - 1] as Node);
        for (let index = node.options.length - 2; index >= 0; index -= 1) {
          const option = this.compile(node.options[index] as Node);
          const split = this.add({ type: "split", out: option.start, out2: fragment.start });
          fragment = { start: split, dangling: [...option.dangling, ...fragment.dangling] };
        }
        return fragment;
      }
      case "repeat": {
        // Required copies, then a loop (unbounded) or optional copies (up to the bound).
        const fragments: Fragment[] = [];
        for (let count = 0; count < node.min; count += 1) fragments.push(this.compile(node.node));
        if (node.max === null) fragments.push(this.optional(node.node, true));
        else {
          for (let count = node.min; count < node.max; count += 1) {
            fragments.push(this.optional(node.node, false));
          }
        }
        if (fragments.length === 0) return this.compile({ type: "empty" });
        for (let index = 0; index + 1 < fragments.length; index += 1) {
          this.link(fragments[index] as Fragment, (fragments[index + 1] as Fragment).start);
        }
        return {
          start: (fragments[0] as Fragment).start,
          dangling: (fragments[fragments.length - 1] as Fragment).dangling,
        };
      }
    }
  }
}

/** A compiled pattern: `matches(value)` runs in time linear in the value's length. */
export interface FieldPattern {
  matches(value: string): boolean;
}

/** The pattern compiled, or why it cannot be (too long, not valid, or outside the subset). */
export function compileFieldPattern(
  source: string,
): { pattern: FieldPattern } | { problem: FieldPatternProblem } {
  if (source.length === 0 || source.length > FIELD_PATTERN_MAX_LENGTH) {
    return { problem: "invalid_pattern" };
  }
  try {
    const tree = new Parser(Array.from(source)).parse();
    const compiler = new Compiler();
    const fragment = compiler.compile(tree);
    const { states } = compiler;
    const match = states.length;
    states.push({ type: "match" });
    compiler.link(fragment, match);
    return { pattern: { matches: (value) => run(states, fragment.start, match, value) } };
  } catch (error) {
    if (error instanceof PatternError) return { problem: error.problem };
    throw error;
  }
}

function run(states: readonly State[], start: number, match: number, value: string): boolean {
  const seen = new Int32Array(states.length).fill(-1);
  let generation = 0;
  const closure = (from: number[], into: number[]) => {
    const stack = [...from];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (seen[index] === generation) continue;
      seen[index] = generation;
      const state = states[index];
      if (state?.type === "split") stack.push(state.out2, state.out);
      else into.push(index);
    }
  };
  let current: number[] = [];
  closure([start], current);
  for (const char of value) {
    generation += 1;
    const next: number[] = [];
    const targets: number[] = [];
    for (const index of current) {
      const state = states[index];
      if (state?.type === "char" && state.test(char)) targets.push(state.out);
    }
    closure(targets, next);
    if (next.length === 0) return false;
    current = next;
  }
  return current.includes(match);
}
