import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx } from "../lib/cx";
import { Spinner } from "./spinner";

/** Class names of a button; also useful to style a link as a button without `asChild`. */
export const buttonVariants = cva(
  [
    "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-control font-medium",
    "transition-colors select-none",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        primary: "bg-brand-500 text-white shadow-card hover:bg-brand-600 active:bg-brand-700",
        secondary:
          "border border-border bg-surface text-ink shadow-card hover:bg-surface-muted active:bg-brand-50",
        ghost: "text-ink hover:bg-brand-50 active:bg-brand-100",
        danger:
          "bg-danger text-white shadow-card hover:bg-danger/90 active:bg-danger/80 focus-visible:outline-danger",
        link: "h-auto px-0 text-brand-600 underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-8 px-3 text-sm whitespace-nowrap [&_svg]:size-4",
        md: "h-10 px-4 text-sm whitespace-nowrap [&_svg]:size-4",
        lg: "h-12 px-6 text-base whitespace-nowrap [&_svg]:size-5",
        icon: "size-10 p-0 whitespace-nowrap [&_svg]:size-5",
        /** `md` whose label wraps, whole, on several lines when it does not fit (a long translation). */
        wrap: "h-auto min-h-11 px-4 py-2 text-center text-sm whitespace-normal sm:min-h-10 [&_svg]:size-4",
      },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>["variant"]>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>["size"]>;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child element (a router link, an anchor) with the button's look and behaviour. */
  asChild?: boolean;
  /** Shows a spinner, disables the button and marks it `aria-busy`. */
  loading?: boolean;
}

/**
 * The variants whose classes do not override the base's: `danger` (its focus outline) and `link`
 * (its height and padding) need `Button`, which merges them.
 */
export type PlainButtonVariant = Exclude<ButtonVariant, "danger" | "link">;

export interface PlainButtonProps extends Omit<ButtonProps, "variant"> {
  variant?: PlainButtonVariant;
}

/** The button of the design system, its classes combined by `join` (the variant's, the caller's). */
export function createButton<Props extends ButtonProps>(
  join: (variantClasses: string, className: string | undefined) => string,
) {
  return forwardRef<HTMLButtonElement, Props>(function Button(
    {
      className,
      variant,
      size,
      asChild = false,
      loading = false,
      disabled,
      type,
      children,
      ...props
    },
    ref,
  ) {
    const classes = join(buttonVariants({ variant, size }), className);
    const spinner = loading ? <Spinner size={size === "lg" ? 20 : 16} /> : null;

    if (asChild) {
      // A link cannot be `disabled`: it is marked aria-disabled instead (and styled as disabled).
      return (
        <Slot.Root
          ref={ref}
          className={classes}
          aria-busy={loading || undefined}
          aria-disabled={disabled || loading || undefined}
          {...props}
        >
          {spinner}
          <Slot.Slottable>{children}</Slot.Slottable>
        </Slot.Root>
      );
    }

    return (
      <button
        ref={ref}
        type={type ?? "button"}
        className={classes}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        {...props}
      >
        {spinner}
        {children}
      </button>
    );
  });
}

/**
 * `Button` with its classes joined rather than merged (`cx`, no tailwind-merge), for the pages of a
 * first load: `className` may add classes (`w-full`) but not override the variant's (`h-auto`,
 * `whitespace-normal`: `size="wrap"` is there for that).
 */
export const PlainButton = createButton<PlainButtonProps>(cx);
