import { Check, ChevronRight } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "../lib/cn";

/**
 * Root of a dropdown menu (radix DropdownMenu): arrow keys, typeahead, Escape and focus return built
 * in. It is not modal by default, as a menu button is (WAI-ARIA APG): the page behind is not hidden
 * with `aria-hidden` while its links and buttons stay focusable (axe's `aria-hidden-focus`), and a
 * click outside closes the menu.
 */
export function DropdownMenu({
  modal = false,
  ...props
}: ComponentPropsWithoutRef<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
/** The button that opens the menu; use `asChild` around a Button or an Avatar button. */
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
/** Groups related items (no visual effect). */
export const DropdownMenuGroup = MenuPrimitive.Group;
/** A group of mutually exclusive items (`value`/`onValueChange`), e.g. the language choice. */
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;
/** Root of a nested submenu. */
export const DropdownMenuSub = MenuPrimitive.Sub;

const itemClasses = [
  "relative flex min-h-9 cursor-pointer items-center gap-2 rounded-[calc(var(--radius-control)-2px)] px-2 py-1.5 text-sm text-ink outline-none select-none",
  "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800",
  "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
  "[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-ink-muted",
];

const contentClasses = [
  "z-50 min-w-44 overflow-hidden rounded-control border border-border bg-surface p-1 text-ink shadow-popover animate-fade-in",
  "max-h-[var(--radix-dropdown-menu-content-available-height)]",
];

/** The menu panel, rendered in a portal and kept inside the viewport. */
export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof MenuPrimitive.Content>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Content>
>(function DropdownMenuContent(
  { className, sideOffset = 6, align = "end", collisionPadding = 8, ...props },
  ref,
) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(contentClasses, className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
});

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof MenuPrimitive.Item> {
  /** Danger styling for destructive actions (Logout, Delete). */
  destructive?: boolean;
}

/** One action of the menu; `onSelect` runs on click or Enter. `asChild` wraps a link. */
export const DropdownMenuItem = forwardRef<
  ComponentRef<typeof MenuPrimitive.Item>,
  DropdownMenuItemProps
>(function DropdownMenuItem({ className, destructive = false, ...props }, ref) {
  return (
    <MenuPrimitive.Item
      ref={ref}
      className={cn(
        itemClasses,
        destructive &&
          "text-danger data-[highlighted]:bg-danger-soft data-[highlighted]:text-danger [&_svg]:text-danger",
        className,
      )}
      {...props}
    />
  );
});

/** A non-interactive heading inside the menu (e.g. the signed-in email). */
export const DropdownMenuLabel = forwardRef<
  ComponentRef<typeof MenuPrimitive.Label>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Label>
>(function DropdownMenuLabel({ className, ...props }, ref) {
  return (
    <MenuPrimitive.Label
      ref={ref}
      className={cn("truncate px-2 py-1.5 text-xs font-semibold text-ink-muted", className)}
      {...props}
    />
  );
});

/** A thin rule between groups of items. */
export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof MenuPrimitive.Separator>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return (
    <MenuPrimitive.Separator
      ref={ref}
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  );
});

/** A choice of a radio group, with a check mark when selected (`menuitemradio`, `aria-checked`). */
export const DropdownMenuRadioItem = forwardRef<
  ComponentRef<typeof MenuPrimitive.RadioItem>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.RadioItem>
>(function DropdownMenuRadioItem({ className, children, ...props }, ref) {
  return (
    <MenuPrimitive.RadioItem ref={ref} className={cn(itemClasses, "pl-8", className)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="text-brand-600" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.RadioItem>
  );
});

/** An item that toggles on or off (`role="menuitemcheckbox"`), e.g. a column of a table; the menu stays open. */
export const DropdownMenuCheckboxItem = forwardRef<
  ComponentRef<typeof MenuPrimitive.CheckboxItem>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.CheckboxItem>
>(function DropdownMenuCheckboxItem({ className, children, onSelect, ...props }, ref) {
  return (
    <MenuPrimitive.CheckboxItem
      ref={ref}
      className={cn(itemClasses, "pl-8", className)}
      onSelect={(event) => {
        event.preventDefault();
        onSelect?.(event);
      }}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="text-brand-600" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
});

/** The item that opens a submenu (ArrowRight or hover), with a chevron. */
export const DropdownMenuSubTrigger = forwardRef<
  ComponentRef<typeof MenuPrimitive.SubTrigger>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.SubTrigger>
>(function DropdownMenuSubTrigger({ className, children, ...props }, ref) {
  return (
    <MenuPrimitive.SubTrigger
      ref={ref}
      className={cn(itemClasses, "data-[state=open]:bg-brand-50", className)}
      {...props}
    >
      {children}
      <ChevronRight aria-hidden="true" className="ml-auto" />
    </MenuPrimitive.SubTrigger>
  );
});

/** The panel of a submenu. */
export const DropdownMenuSubContent = forwardRef<
  ComponentRef<typeof MenuPrimitive.SubContent>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.SubContent>
>(function DropdownMenuSubContent(
  { className, sideOffset = 4, collisionPadding = 8, ...props },
  ref,
) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.SubContent
        ref={ref}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(contentClasses, className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
});
