import { Button, EditablePageTitle } from "@paraphe/ui-kit";
import { ArrowLeft } from "lucide-react";
import { type ReactNode } from "react";
import { type PageMeta } from "../../lib/page-meta";

/** The desktop header bar: back button, page title (editable where the screen allows), actions. */
export function AppHeader({
  title,
  meta,
  actions,
}: {
  title: string;
  meta: PageMeta;
  actions?: ReactNode;
}) {
  return (
    <>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {meta.back ? <BackButton back={meta.back} /> : null}
        {meta.editable && meta.title !== undefined ? (
          <EditablePageTitle value={meta.title} {...meta.editable} />
        ) : (
          <h1 className="min-w-0 truncate text-xl leading-8 font-semibold text-ink">{title}</h1>
        )}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </>
  );
}

export function BackButton({
  back,
  className,
}: {
  back: NonNullable<PageMeta["back"]>;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={back.label}
      onClick={back.onClick}
      className={className}
    >
      <ArrowLeft aria-hidden="true" />
    </Button>
  );
}
