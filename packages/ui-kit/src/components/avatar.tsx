import { Avatar as AvatarPrimitive } from "radix-ui";
import { forwardRef, useMemo, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "../lib/cn";
import { fallbackAvatarDataUri } from "./avatar-options";

export interface AvatarProps extends Omit<
  ComponentPropsWithoutRef<typeof AvatarPrimitive.Root>,
  "children"
> {
  /** URL of the user's picture; while it loads, or when it fails, the generated fallback shows. */
  src?: string | null;
  /** Seed of the generated fallback (the user's email), so one person keeps one picture. */
  seed: string;
  /** Text alternative of the picture (e.g. the user's name); both images use it. */
  alt: string;
  /** Diameter in pixels; defaults to 36. */
  size?: number;
}

/**
 * A round user picture. Shows `src` once it has loaded, otherwise a DiceBear "shapes" avatar generated
 * from `seed` with the spec's colours. Forwards its ref and props to the root `<span>`, so it can be a
 * DropdownMenuTrigger child (wrap it in a button for that).
 */
export const Avatar = forwardRef<ComponentRef<typeof AvatarPrimitive.Root>, AvatarProps>(
  function Avatar({ src, seed, alt, size = 36, className, style, ...props }, ref) {
    const fallback = useMemo(() => fallbackAvatarDataUri(seed), [seed]);
    return (
      <AvatarPrimitive.Root
        ref={ref}
        className={cn(
          "relative inline-flex shrink-0 overflow-hidden rounded-full bg-brand-100 align-middle ring-1 ring-border",
          className,
        )}
        style={{ width: size, height: size, ...style }}
        {...props}
      >
        {src ? (
          <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" />
        ) : null}
        <AvatarPrimitive.Fallback asChild>
          <img src={fallback} alt={alt} width={size} height={size} className="size-full" />
        </AvatarPrimitive.Fallback>
      </AvatarPrimitive.Root>
    );
  },
);
