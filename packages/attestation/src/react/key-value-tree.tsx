import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { ChevronRight } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from "react";

export interface KeyValueTreeProps {
  /** The data to show: an object or an array of JSON-like values (parsed JSON). */
  data: Readonly<Record<string, unknown>> | readonly unknown[];
  /** Accessible name of the tree. */
  label: string;
  /**
   * How many levels start expanded: 1 opens the top-level entries, 2 also their children, and so on.
   * Defaults to 2.
   */
  defaultExpandDepth?: number;
  className?: string;
}

interface TreeNode {
  /** The path from the root, as JSON: stable across reloads of the same shape. */
  id: string;
  /** Order in the whole tree, for DOM ids. */
  index: number;
  key: string;
  value: unknown;
  depth: number;
  kind: "object" | "array" | "leaf";
  parentId: string | null;
  children: TreeNode[];
}

function kindOf(value: unknown): TreeNode["kind"] {
  if (Array.isArray(value)) return "array";
  if (typeof value === "object" && value !== null) return "object";
  return "leaf";
}

function entriesOf(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item as unknown]);
  if (typeof value === "object" && value !== null) return Object.entries(value);
  return [];
}

function buildNodes(data: KeyValueTreeProps["data"]): TreeNode[] {
  let index = 0;
  const build = (
    value: unknown,
    path: string[],
    depth: number,
    parentId: string | null,
  ): TreeNode[] =>
    entriesOf(value).map(([key, child]) => {
      const childPath = [...path, key];
      const id = JSON.stringify(childPath);
      const node: TreeNode = {
        id,
        index: index++,
        key,
        value: child,
        depth,
        kind: kindOf(child),
        parentId,
        children: [],
      };
      node.children = build(child, childPath, depth + 1, id);
      return node;
    });
  return build(data, [], 0, null);
}

function initiallyExpanded(nodes: TreeNode[], depth: number): Set<string> {
  const expanded = new Set<string>();
  const visit = (list: TreeNode[]): void => {
    for (const node of list) {
      if (node.kind !== "leaf" && node.depth < depth) expanded.add(node.id);
      visit(node.children);
    }
  };
  visit(nodes);
  return expanded;
}

function visibleNodes(nodes: TreeNode[], expanded: ReadonlySet<string>): TreeNode[] {
  const list: TreeNode[] = [];
  const visit = (level: TreeNode[]): void => {
    for (const node of level) {
      list.push(node);
      if (node.kind !== "leaf" && expanded.has(node.id)) visit(node.children);
    }
  };
  visit(nodes);
  return list;
}

function LeafValue({ value }: { value: unknown }) {
  if (typeof value === "string") {
    return <span className="text-ink wrap-anywhere">{JSON.stringify(value)}</span>;
  }
  if (typeof value === "boolean") {
    return (
      <span className={cn("font-semibold", value ? "text-success" : "text-danger")}>
        {String(value)}
      </span>
    );
  }
  if (typeof value === "number") return <span className="text-brand-700">{String(value)}</span>;
  if (value === null) return <span className="text-ink-muted">null</span>;
  return <span className="text-ink-muted">{String(value)}</span>;
}

/**
 * A nested key/value view of JSON-like data (objects and arrays expand and collapse), following the
 * WAI-ARIA tree view pattern: one tab stop; Up and Down move between visible rows, Right expands or
 * enters a branch, Left collapses or goes to the parent, Home and End go to the first and last rows,
 * Enter and Space toggle a branch. Values are in a monospace font; long ones wrap.
 */
export function KeyValueTree({
  data,
  label,
  defaultExpandDepth = 2,
  className,
}: KeyValueTreeProps) {
  const { t } = useTranslation("security");
  const baseId = useId();
  const nodes = useMemo(() => buildNodes(data), [data]);
  const [expanded, setExpanded] = useState(() => initiallyExpanded(nodes, defaultExpandDepth));
  const visible = useMemo(() => visibleNodes(nodes, expanded), [nodes, expanded]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // The row that takes the tab stop: the focused one while it is visible, otherwise the first.
  const tabStopId =
    focusedId !== null && visible.some((node) => node.id === focusedId)
      ? focusedId
      : (visible[0]?.id ?? null);

  const elements = useRef(new Map<string, HTMLLIElement>());
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    elements.current.get(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const moveFocus = useCallback((id: string) => {
    pendingFocus.current = id;
    setFocusedId(id);
  }, []);

  const setBranch = useCallback((id: string, open: boolean) => {
    setExpanded((previous) => {
      if (previous.has(id) === open) return previous;
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const position = visible.findIndex((node) => node.id === tabStopId);
    const current = visible[position];
    if (!current) return;
    const isBranch = current.kind !== "leaf";
    const isOpen = expanded.has(current.id);
    let handled = true;
    switch (event.key) {
      case "ArrowDown": {
        const next = visible[position + 1];
        if (next) moveFocus(next.id);
        break;
      }
      case "ArrowUp": {
        const previous = visible[position - 1];
        if (previous) moveFocus(previous.id);
        break;
      }
      case "ArrowRight":
        if (isBranch && !isOpen) setBranch(current.id, true);
        else if (isBranch && current.children[0]) moveFocus(current.children[0].id);
        break;
      case "ArrowLeft":
        if (isBranch && isOpen) setBranch(current.id, false);
        else if (current.parentId !== null) moveFocus(current.parentId);
        break;
      case "Home":
        if (visible[0]) moveFocus(visible[0].id);
        break;
      case "End": {
        const last = visible.at(-1);
        if (last) moveFocus(last.id);
        break;
      }
      case "Enter":
      case " ":
        if (isBranch) setBranch(current.id, !isOpen);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const renderNode = (node: TreeNode, siblings: TreeNode[], position: number) => {
    const isBranch = node.kind !== "leaf";
    const isOpen = isBranch && expanded.has(node.id);
    const rowId = `${baseId}-row-${node.index}`;
    const count = node.children.length;
    const onClick = (event: MouseEvent<HTMLLIElement>): void => {
      // A click on a row belongs to that row only, not to the branches around it.
      event.stopPropagation();
      setFocusedId(node.id);
      if (isBranch) setBranch(node.id, !isOpen);
    };
    return (
      <li
        key={node.id}
        ref={(element) => {
          if (element) elements.current.set(node.id, element);
          else elements.current.delete(node.id);
        }}
        role="treeitem"
        aria-labelledby={rowId}
        aria-expanded={isBranch ? isOpen : undefined}
        aria-level={node.depth + 1}
        aria-setsize={siblings.length}
        aria-posinset={position + 1}
        tabIndex={node.id === tabStopId ? 0 : -1}
        onClick={onClick}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusedId(node.id);
        }}
        className="group/item cursor-default outline-none"
      >
        <div
          id={rowId}
          className={cn(
            "flex min-w-0 items-start gap-1 rounded-sm py-0.5 pr-1 hover:bg-surface-muted",
            "group-focus-visible/item:bg-brand-50 group-focus-visible/item:ring-2 group-focus-visible/item:ring-brand-500",
          )}
          style={{ paddingLeft: `${node.depth * 1.25}rem` }}
        >
          <span aria-hidden="true" className="flex size-4 shrink-0 items-center justify-center">
            {isBranch ? (
              <ChevronRight
                className={cn(
                  "size-3.5 text-ink-muted transition-transform",
                  isOpen && "rotate-90",
                )}
              />
            ) : null}
          </span>
          <span className="shrink-0">
            <span className="text-brand-700">{node.key}</span>
            <span className="text-ink-muted">:</span>
          </span>{" "}
          <span className="min-w-0">
            {isBranch ? (
              <span className="text-ink-muted">
                <span aria-hidden="true">{node.kind === "array" ? "[…] " : "{…} "}</span>
                {node.kind === "array"
                  ? t("attestation.raw.items", { count })
                  : t("attestation.raw.entries", { count })}
              </span>
            ) : (
              <LeafValue value={node.value} />
            )}
          </span>
        </div>
        {isOpen && count > 0 ? (
          <ul role="group">
            {node.children.map((child, index) => renderNode(child, node.children, index))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <ul
      role="tree"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("font-mono text-xs leading-5 sm:text-[0.8125rem]", className)}
    >
      {nodes.map((node, index) => renderNode(node, nodes, index))}
    </ul>
  );
}
