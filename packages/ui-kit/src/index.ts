// The public surface of @paraphe/ui-kit. Every user-visible text is a prop: the apps pass translations.

export { cn } from "./lib/cn";
export { cx } from "./lib/cx";

export {
  Button,
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from "./components/button";
export {
  PlainButton,
  type PlainButtonProps,
  type PlainButtonVariant,
} from "./components/plain-button";
export { Spinner, type SpinnerProps } from "./components/spinner";
export {
  Input,
  Textarea,
  Label,
  type InputProps,
  type TextareaProps,
  type LabelProps,
} from "./components/input";
export { PlainInput } from "./components/plain-input";
export {
  FormField,
  type FormFieldProps,
  type FormFieldControlProps,
} from "./components/form-field";

export {
  Dialog,
  DialogTrigger,
  DialogContent,
  DialogFooter,
  DialogClose,
  type DialogContentProps,
} from "./components/dialog";
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuCheckboxItem,
  DropdownMenuSub,
  DropdownMenuSubTrigger,
  DropdownMenuSubContent,
  DropdownMenuGroup,
  type DropdownMenuItemProps,
} from "./components/dropdown-menu";
export {
  TooltipProvider,
  Tooltip,
  TOOLTIP_DELAY_MS,
  type TooltipProps,
  type TooltipProviderProps,
} from "./components/tooltip";
export { Select, type SelectProps, type SelectOption } from "./components/select";
export { Checkbox, type CheckboxProps } from "./components/checkbox";
export { RadioGroup, type RadioGroupProps, type RadioGroupOption } from "./components/radio-group";
export { Combobox, type ComboboxProps, type ComboboxOption } from "./components/combobox";
export { ConfirmDialog, type ConfirmDialogProps } from "./components/confirm-dialog";
export { Toaster, toast, TOAST_DEFAULTS, type ToasterProps } from "./components/toaster";

export { Avatar, type AvatarProps } from "./components/avatar";
export {
  fallbackAvatarDataUri,
  validateAvatarOptions,
  FALLBACK_AVATAR_OPTIONS,
  AVATAR_OPTION_BOUNDS,
  AVATAR_COLOR_PATTERN,
  type FallbackAvatarOptions,
  type AvatarOptionsIssue,
  type AvatarOptionsValidation,
} from "./components/avatar-options";

export {
  Table,
  TableHeader,
  TableBody,
  TableRow,
  TableHead,
  TableCell,
  TableCaption,
  TableEmpty,
  type TableProps,
  type TableEmptyProps,
} from "./components/table";
export {
  DataTable,
  type DataTableProps,
  type DataTableColumn,
  type DataTableLabels,
} from "./components/data-table";
export {
  DataCards,
  type DataCardColumn,
  type DataCardRole,
  type DataCardsProps,
} from "./components/data-cards";
export {
  downloadFile,
  toCsv,
  toJson,
  type DataTableExportFile,
  type DataTableValue,
  type ExportColumn,
} from "./components/data-table-export";
export { EditablePageTitle, type EditablePageTitleProps } from "./components/editable-page-title";
export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
} from "./components/card";
export { Badge, badgeVariants, type BadgeProps, type BadgeVariant } from "./components/badge";
export { EmptyState, type EmptyStateProps } from "./components/empty-state";
export { Skeleton } from "./components/skeleton";
export { Logo, type LogoProps } from "./components/logo";
export { SwipeToConfirm, type SwipeToConfirmProps } from "./components/swipe-to-confirm";

export { SideNav, type SideNavProps, type SideNavItem } from "./layout/side-nav";
export { AppShell, type AppShellProps } from "./layout/app-shell";
export {
  useAppShell,
  type AppShellContextValue,
  type AppShellPlacement,
} from "./layout/app-shell-context";
export { Drawer, type DrawerProps } from "./layout/drawer";
export { PageHeader, type PageHeaderProps } from "./layout/page-header";
export { PageTransition, type PageTransitionProps } from "./layout/page-transition";
export { LoadingScreen, type LoadingScreenProps } from "./layout/loading-screen";
export { NotFoundPage, type NotFoundPageProps } from "./layout/not-found-page";
export { PublicLayout, type PublicLayoutProps } from "./layout/public-layout";

export {
  useMediaQuery,
  usePrefersReducedMotion,
  DESKTOP_BREAKPOINT_PX,
  DESKTOP_MEDIA_QUERY,
  PHONE_MEDIA_QUERY,
} from "./hooks/use-media-query";

export {
  installChunkLoadGuard,
  isChunkLoadError,
  CHUNK_RELOAD_LIMIT,
  CHUNK_RELOAD_WINDOW_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  type ChunkLoadGuard,
  type ChunkLoadGuardOptions,
  type ChunkLoadFailure,
} from "./runtime/chunk-load-guard";
export { mountApp, ROOT_ELEMENT_NOT_FOUND } from "./runtime/mount-app";
export { UnexpectedErrorPage, type UnexpectedErrorPageProps } from "./layout/unexpected-error-page";
export {
  CHUNK_LOAD_FAILURE_ID,
  installPageChunkLoadGuard,
  pageChunkLoadGuard,
  pickMessageLanguage,
  showChunkLoadFailure,
  type ChunkLoadFailureTexts,
} from "./runtime/page-chunk-load-guard";
