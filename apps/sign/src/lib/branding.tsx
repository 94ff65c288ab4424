import {
  createContext,
  useContext,
  useEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from "react";
import type { OpenedEnvelope } from "./api";

/** What the signer sees of the envelope's team (the open call's `branding`). */
export type SignerBranding = NonNullable<OpenedEnvelope["branding"]>;

interface BrandingState {
  branding: SignerBranding | null;
  setBranding: (branding: SignerBranding | null) => void;
}

const BrandingContext = createContext<BrandingState>({
  branding: null,
  setBranding: () => undefined,
});

/**
 * Holds the team's branding once the envelope is open, for the layout above the page (header,
 * footer, colours) and for the pages that follow (the confirmation). `primary`: in a frame, the
 * colour the embedding site asked for (`theme-primary` of `@paraphe/embed`), which buttons and
 * links take instead of the team's; the team's logo, name and footer stay.
 */
export function BrandingProvider({
  children,
  primary,
}: {
  children: ReactNode;
  primary?: string | undefined;
}) {
  const [branding, setBranding] = useState<SignerBranding | null>(null);
  const shown =
    branding !== null && primary !== undefined ? { ...branding, readableColor: primary } : branding;
  return <BrandingContext value={{ branding: shown, setBranding }}>{children}</BrandingContext>;
}

/** The team's branding; null before the envelope is open, and outside the signed area. */
export function useBranding(): SignerBranding | null {
  return useContext(BrandingContext).branding;
}

/** Gives the layout the branding of the opened envelope (the page that opens it calls this). */
export function useProvideBranding(branding: SignerBranding | null | undefined): void {
  const { setBranding } = useContext(BrandingContext);
  useEffect(() => {
    if (branding !== undefined) setBranding(branding);
  }, [branding, setBranding]);
}

/** `hex` mixed toward black by `amount` (0 to 1). */
function darker(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 0xff) * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/**
 * The CSS variables that give primary buttons, links and focus rings the team's readable colour
 * (already 4.5:1 against white; hover and pressed states darker still, so at least as readable).
 * Set through the style object (CSSOM), which the content security policy allows.
 */
export function brandColorVariables(branding: SignerBranding | null): CSSProperties | undefined {
  const color = branding?.readableColor;
  if (!color || !/^#[0-9a-f]{6}$/.test(color)) return undefined;
  return {
    "--color-brand-500": color,
    "--color-brand-600": darker(color, 0.12),
    "--color-brand-700": darker(color, 0.24),
  } as CSSProperties;
}
